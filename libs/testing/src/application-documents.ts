import type { SignedInAccount } from './accounts';
import { samplePdf } from './sample-files';

/**
 * Uploads a real PDF for a slot of an application form (POST /api/v1/files with the purpose
 * `application:<slot>`), as the forms do, and gives its file id. A submitted application
 * needs a file in each slot its form marks as required (issue 30): the ID on every form,
 * the certificate of incorporation and the director's ID on the corporate one.
 */
export async function uploadApplicationDocument(account: SignedInAccount, slot = 'id_document', name = `${slot}.pdf`): Promise<string> {
  const form = new FormData();
  form.append('purpose', `application:${slot}`);
  form.append('file', new Blob([samplePdf({ text: name })]), name);
  const response = await fetch(`${account.api.baseUrl}/api/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${account.accessToken}` }, body: form });
  const body = (await response.json().catch(() => null)) as { id?: string } | null;
  if (response.status !== 201 || !body?.id) throw new Error(`upload refused: ${response.status} ${JSON.stringify(body)}`);
  return body.id;
}
