#!/usr/bin/env bash
# Regenerates the speech media of the fictional earnings calls served by the
# API sandbox: server/sandbox/media/calls/call-N/{audio.mp3,hls/,script.json}.
# Needs espeak-ng, ffmpeg/ffprobe and node; see scripts/media/README.md.
#
#   bash scripts/media/generate.sh          # all calls in scripts/media/calls/
#   bash scripts/media/generate.sh 2        # only call 2
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out_root="$root/server/sandbox/media/calls"

for tool in espeak-ng ffmpeg ffprobe node; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "generate.sh: $tool not found (Debian: apt-get install -y espeak-ng ffmpeg)" >&2
    exit 1
  fi
done

if [ "$#" -gt 0 ]; then
  calls=("$@")
else
  calls=()
  for f in "$here"/calls/call-*.txt; do
    n="${f##*/call-}"
    calls+=("${n%.txt}")
  done
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Bit-exact, metadata-free output so that a rerun gives identical bytes.
ff=(ffmpeg -nostdin -hide_banner -loglevel error -y)
enc_common=(-map 0:a:0 -map_metadata -1 -map_chapters -1 -ac 1 -ar 22050 -flags:a +bitexact -fflags +bitexact)

for n in "${calls[@]}"; do
  src="$here/calls/call-$n.txt"
  [ -f "$src" ] || { echo "generate.sh: no $src" >&2; exit 1; }
  tmp="$work/call-$n"
  stage="$work/out-$n"
  mkdir -p "$tmp" "$stage/hls"

  # 1. speech, sentence by sentence, into one WAV plus exact sentence timings
  node "$here/build-call.mjs" synth "$src" "$tmp"

  # 2. progressive download: mono CBR MP3, 22050 Hz, 40 kbps, no ID3 tags
  #    (the Xing/Info frame stays, so players get the exact duration)
  "${ff[@]}" -i "$tmp/master.wav" "${enc_common[@]}" \
    -c:a libmp3lame -b:a 40k -id3v2_version 0 -write_id3v1 0 \
    "$stage/audio.mp3"

  # 3. HLS VOD: AAC-LC mono 48 kbps in ~4 s fMP4 segments. The AAC encoder
  #    prepends 1024 samples of priming that the fMP4 edit list does not hide
  #    from players, so the same number of samples is cut from the (silent)
  #    lead-in: decoded HLS audio then lines up with script.json to the sample.
  "${ff[@]}" -i "$tmp/master.wav" "${enc_common[@]}" \
    -af "atrim=start_sample=1024,asetpts=N/SR/TB" \
    -c:a aac -profile:a aac_low -b:a 48k \
    -f hls -hls_time 4 -hls_playlist_type vod -hls_segment_type fmp4 \
    -hls_fmp4_init_filename init.mp4 \
    -hls_segment_filename "$stage/hls/seg-%05d.m4s" \
    "$stage/hls/index.m3u8"

  # 4. script.json (timings, chapters, transcript) from the measured output
  node "$here/build-call.mjs" finalize "$tmp/timeline.json" "$stage"

  # 5. replace the committed output in one go (no stale segments left behind)
  mkdir -p "$out_root"
  rm -rf "$out_root/call-$n"
  cp -R "$stage" "$out_root/call-$n"
done

# Sanity check of what was written: structure, durations, and speech inside
# every sentence window / silence in every pause (decodes MP3 and HLS).
checked=()
for n in "${calls[@]}"; do checked+=("$out_root/call-$n"); done
node "$here/check.mjs" "${checked[@]}"

du -sh "$root/server/sandbox/media"
