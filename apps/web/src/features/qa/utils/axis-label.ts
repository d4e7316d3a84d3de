/**
 * An axis label as lines of at most `perLine` characters, broken only between words. Past `maxLines`
 * the last line ends with '…' after a whole word (the chart's tooltip has the full label). Only a
 * single word longer than a line is ever cut: there is nowhere else to break it.
 */
export function wrapLabel(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && next.length > perLine) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  const fitted = lines.map((l) => (l.length > perLine ? `${l.slice(0, perLine - 1)}…` : l));
  if (fitted.length <= maxLines) return fitted;
  const kept = fitted.slice(0, maxLines);
  let last = kept[maxLines - 1];
  // Room for the ellipsis: drop whole words, never part of one.
  while (`${last}…`.length > perLine && last.includes(' ')) last = last.slice(0, last.lastIndexOf(' '));
  kept[maxLines - 1] = `${last.replace(/[\s,.;:?!]+$/, '')}…`;
  return kept;
}
