/**
 * The app's one way to put something on the clipboard. With `html`, rich editors (mail, documents)
 * get formatted text and everything else the plain text; a browser without rich clipboard writes
 * gets the plain text. Resolves false when the browser refuses (no permission, not a secure page),
 * so the caller can show the text to copy by hand.
 */
export async function copyToClipboard(text: string, html?: string): Promise<boolean> {
  const clipboard = globalThis.navigator?.clipboard;
  if (!clipboard) return false;
  try {
    if (html !== undefined && typeof ClipboardItem !== 'undefined' && typeof clipboard.write === 'function') {
      await clipboard.write([
        new ClipboardItem({
          'text/plain': new Blob([text], { type: 'text/plain' }),
          'text/html': new Blob([html], { type: 'text/html' }),
        }),
      ]);
      return true;
    }
    await clipboard.writeText(text);
    return true;
  } catch {
    if (html === undefined) return false;
    // Rich writes refused (some browsers allow only text): the plain text still helps.
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  }
}
