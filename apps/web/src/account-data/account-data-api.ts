import { callGateway } from '../api/http';

export const accountDataApi = {
  /** Everything the portal holds about the signed-in user, as the gateway's JSON file. */
  exportMyData: () => callGateway((client, init) => client.GET('/api/v1/me/export', { ...init, parseAs: 'blob' }) as never) as Promise<Blob>,
  deleteAccount: (password: string) => callGateway((client, init) => client.DELETE('/api/v1/me', { ...init, body: { password } })),
};

export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
