import type { Transcript } from '../transcript/model.ts';
import type { MovedFigure, SpokenFigure } from './model.ts';

/**
 * The number reader: figures said in a call, with what they measure, spoken ("thirty nine point
 * eight percent") or written ("$346 million", "39.8%", "25 bps"), and the pairing of the same
 * measure across two calls. Pure.
 */

/** A number written out in words ("thirty nine point eight", "one hundred and twelve", "two point one billion"), or digits; undefined when the text is not one. */
export function readNumber(text: string): number | undefined {
  void text;
  return undefined; // TODO(numbers)
}

/** Every figure in the transcript, in the order said. */
export function findFigures(transcript: Transcript): SpokenFigure[] {
  void transcript;
  return []; // TODO(numbers)
}

/** Each measure of either call paired with the same measure in the other: guidance first, then the biggest moves. */
export function pairFigures(current: readonly SpokenFigure[], previous: readonly SpokenFigure[]): MovedFigure[] {
  void current;
  void previous;
  return []; // TODO(numbers)
}

/** A figure as the page shows it: "39.8%", "$346 million", "25 bps", "up 5%". */
export function formatFigure(figure: SpokenFigure): string {
  return figure.said; // TODO(numbers)
}
