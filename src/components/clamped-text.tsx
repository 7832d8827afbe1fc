/**
 * Text from data in a tight spot (a table cell, a list row): at most `lines` lines, broken anywhere
 * if one word is longer than the space, the whole text on hover. Data can hold a 600-letter name.
 */
export function ClampedText({ text, lines = 2, className = '' }: { text: string; lines?: 1 | 2 | 3; className?: string }) {
  const clamp = lines === 1 ? 'line-clamp-1' : lines === 2 ? 'line-clamp-2' : 'line-clamp-3';
  return (
    <span title={text.length > 60 ? text : undefined} className={`${clamp} [overflow-wrap:anywhere] ${className}`}>
      {text}
    </span>
  );
}
