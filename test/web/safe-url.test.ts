/** Safety rule: a URL from data becomes a link or a media source only when it is http: or https:. */
import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from '../../src/lib/safe-url.ts';

describe('safeHttpUrl', () => {
  it.each([
    ['https://files.example.com/a.pdf', 'https://files.example.com/a.pdf'],
    ['http://127.0.0.1:8080/sandbox-files/audio/1.mp3', 'http://127.0.0.1:8080/sandbox-files/audio/1.mp3'],
    ['  HTTPS://Example.com/x  ', 'https://example.com/x'],
    ['https://ir.calaneon.example/', 'https://ir.calaneon.example/'],
    ['  https://a.example/x?y=1#z  ', 'https://a.example/x?y=1#z'],
    ['HTTPS://A.EXAMPLE', 'https://a.example/'],
  ])('keeps %j', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.com/uuid',
    'ftp://example.com/a',
    '//evil.example/a.mp3',
    '/relative/path.mp3',
    'https://user:pass@example.com/',
    'https://',
    'http://',
    '',
    '   ',
    'not a url',
    'relative',
  ])('refuses %j', (input) => {
    expect(safeHttpUrl(input)).toBeUndefined();
  });

  it.each([null, undefined, 42, {}, { href: 'https://a.example' }, ['https://example.com']])('refuses a non-string (%j)', (input) => {
    expect(safeHttpUrl(input)).toBeUndefined();
  });
});
