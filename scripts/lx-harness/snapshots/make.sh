#!/bin/sh
# Regenerates test/golden/lx-scenes/snapshots: writes the hand-made projects (scenes.mjs), has LX
# open and save each (Canon, recording the global snapshots of <scene>.snapshots.json), applies the
# per-snapshot settings to LX's save and has LX save it again, then renders it three times
# (normal, --jitter, interpreted with StrictMath-style libm) and keeps it only if the three agree.
#   LX_BUILD=<dir with classes/, gson.jar, harness/> [JAVA_HOME=<JDK 21+>] scripts/lx-harness/snapshots/make.sh [SCENE...]
set -eu
: "${LX_BUILD:?set LX_BUILD to the shared harness build folder}"
JAVA="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
CP="$LX_BUILD/classes:$LX_BUILD/gson.jar:$LX_BUILD/harness"
HERE=$(cd "$(dirname "$0")" && pwd)
DEST=$(cd "$HERE/../../.." && pwd)/test/golden/lx-scenes/snapshots
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$DEST"
ALL=$(node "$HERE/scenes.mjs" hand "$WORK")
SCENES=${*:-$ALL}
cd "$WORK"
for s in $SCENES; do
  snaps=""
  [ -f "$s.snapshots.json" ] && snaps="--snapshots $s.snapshots.json"
  # shellcheck disable=SC2086
  "$JAVA" -cp "$CP" Canon "$s.hand.lxp" "$s.first.lxp" $snaps >/dev/null
  node "$HERE/scenes.mjs" post "$s" "$s.first.lxp" "$s.post.lxp"
  "$JAVA" -cp "$CP" Canon "$s.post.lxp" "$s.lxp" >/dev/null
  node -e 'const n=require(process.argv[1]).notes[process.argv[2]];process.stdout.write(n)' "$HERE/notes.json" "$s" > "$s.notes"
  a=$("$JAVA" -cp "$CP" GoldenRender --lxp "$s.lxp" --out "$s.frames.json" --scene "$s" --notes-file "$s.notes" | tail -1)
  b=$("$JAVA" -cp "$CP" GoldenRender --lxp "$s.lxp" --out j.json --scene "$s" --notes-file "$s.notes" --jitter | tail -1)
  c=$("$JAVA" -Xint -XX:+UnlockDiagnosticVMOptions -XX:-UseLibmIntrinsic -cp "$CP" GoldenRender --lxp "$s.lxp" --out i.json --scene "$s" --notes-file "$s.notes" | tail -1)
  if [ "$a" = "$b" ] && [ "$a" = "$c" ]; then
    cp "$s.lxp" "$s.frames.json" "$DEST/"
    echo "$s: $a"
  else
    echo "$s: renders disagree: $a / $b / $c" >&2
    exit 1
  fi
done
