/**
 * URLs from data (backlinks, audio, documents) are rendered as links or media sources only when
 * they are absolute http: or https: URLs. Anything else (javascript:, data:, relative paths,
 * garbage) gives undefined, so the caller renders no link.
 */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  // Only absolute URLs: URL() without a base rejects relative and protocol-relative forms.
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname) return undefined;
  // Credentials in a link are a phishing tool, never legitimate in this data.
  if (url.username || url.password) return undefined;
  return url.href;
}
