import { createPlayer } from './engine.ts';

/** The app's one player; the root layout gives it its <audio> element. */
export const player = createPlayer();
