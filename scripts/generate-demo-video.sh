#!/usr/bin/env bash
# Makes the demo's "uploaded video" (public/demo/event/highlights.webm): 6 s of
# moving colour, our own, no sound. Needs ffmpeg (apt-get install ffmpeg); the
# output is committed, so nobody else needs ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
ffmpeg -y -loglevel error \
  -f lavfi -i "gradients=s=640x360:d=6:r=24:c0=0x14532d:c1=0xd4a017:c2=0x0d3b20:c3=0xf5f7f2:n=4:speed=0.02" \
  -c:v libvpx-vp9 -b:v 180k -pix_fmt yuv420p -an public/demo/event/highlights.webm
