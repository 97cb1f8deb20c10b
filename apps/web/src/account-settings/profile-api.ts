import type { components, StoredFile } from '@portal/api-client';
import { useQuery } from '@tanstack/react-query';
import { callGateway, uploadWithProgress } from '../api/http';

type Schemas = components['schemas'];
export type Profile = Schemas['Profile'];
export type ProfileUpdate = Schemas['UpdateProfilePayload'];

export const profileKey = ['me', 'profile'] as const;
export const photoKey = (fileId: string) => ['me', 'photo', fileId] as const;

/** Spec 02 §5: only JPG, PNG and GIF of at most 2 MB (the server checks the content again). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export const profileApi = {
  get: () => callGateway((client, init) => client.GET('/api/v1/me/profile', init)),
  update: (body: ProfileUpdate) => callGateway((client, init) => client.PATCH('/api/v1/me', { ...init, body })),
  /** Stores the image with kyc (purpose profile_photo), then makes it the profile photo. */
  uploadPhoto: async (file: File): Promise<Profile> => {
    const form = new FormData();
    form.append('purpose', 'profile_photo');
    form.append('file', file, file.name);
    const stored = await uploadWithProgress<StoredFile>('/api/v1/files', form, () => undefined);
    return profileApi.update({ photoFileId: stored.id });
  },
  photo: (id: string) => callGateway((client, init) => client.GET('/api/v1/files/{id}', { ...init, params: { path: { id } }, parseAs: 'blob' })) as Promise<Blob>,
  confirmEmailChange: (token: string) => callGateway((client, init) => client.POST('/api/v1/me/email/confirm', { ...init, body: { token } })),
};

export function useProfile(enabled = true) {
  return useQuery({ queryKey: profileKey, queryFn: profileApi.get, enabled });
}

/** The profile photo as an object URL for <img>/<Avatar> (files need the bearer token, so no plain src). */
export function usePhotoUrl(fileId: string | null | undefined): string | undefined {
  const photo = useQuery({
    queryKey: photoKey(fileId ?? ''),
    queryFn: async () => URL.createObjectURL(await profileApi.photo(fileId as string)),
    enabled: Boolean(fileId),
    staleTime: Infinity,
  });
  return fileId ? photo.data : undefined;
}
