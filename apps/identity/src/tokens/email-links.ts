/** Confirmation links are valid for 24 hours (spec 01 §9). */
export const CONFIRMATION_LINK_TTL_SECONDS = 24 * 3600;
/** Reset links unlock an account, so they live for one hour only. */
export const PASSWORD_RESET_LINK_TTL_SECONDS = 3600;
/** Links of one kind sent to one address per hour; further requests are dropped silently. */
export const MAX_LINKS_PER_EMAIL_PER_HOUR = 5;
export const LINK_QUOTA_WINDOW_SECONDS = 3600;

/** A web-app URL carrying a token, e.g. `${WEB_URL}/auth/email-confirmed?token=...`. */
export function webLink(webUrl: string, path: string, token: string): string {
  // Relative to the web app's base so a deployment under a sub-path keeps its prefix.
  const url = new URL(path.replace(/^\//, ''), webUrl.endsWith('/') ? webUrl : `${webUrl}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

export function expiresIn(seconds: number, from = new Date()): Date {
  return new Date(from.getTime() + seconds * 1000);
}
