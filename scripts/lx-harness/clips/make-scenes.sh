#!/bin/sh
# Regenerates test/golden/lx-scenes/clips: ClipScenes builds and saves each scene with LX 1.2.1's
# API, then GoldenRender renders each saved project three times (normal, --jitter, interpreted
# with StrictMath-style libm); a scene is copied only when the three sha256 agree.
#   LX_BUILD=<dir with classes/, gson.jar, harness/> [JAVA_HOME=<JDK 21+>] [ONLY=<scene>] scripts/lx-harness/clips/make-scenes.sh [OUTDIR]
# ONLY renders one scene (the builder still saves them all; the others are not copied).
set -eu
: "${LX_BUILD:?set LX_BUILD to the shared harness build folder}"
J=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin
HERE=$(cd "$(dirname "$0")" && pwd)
DEST=${1:-$HERE/../../../test/golden/lx-scenes/clips}
CP=$LX_BUILD/classes:$LX_BUILD/gson.jar
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$J/javac" --release 21 -nowarn -cp "$CP" -d "$TMP/classes" "$HERE/ClipScenes.java"
mkdir -p "$TMP/run" "$TMP/out"
(cd "$TMP/run" && "$J/java" -cp "$CP:$TMP/classes" ClipScenes "$TMP/out" >/dev/null 2>&1)
for lxp in "$TMP"/out/*.lxp; do
  scene=$(basename "$lxp" .lxp)
  if [ -n "${ONLY:-}" ] && [ "$scene" != "$ONLY" ]; then continue; fi
  notes="$HERE/notes/$scene.txt"
  shas=""
  for mode in normal jitter xint; do
    run=$(mktemp -d "$TMP/r.XXXX")
    case $mode in
      normal) extra="" jflags="" ;;
      jitter) extra="--jitter" jflags="" ;;
      xint) extra="" jflags="-Xint -XX:+UnlockDiagnosticVMOptions -XX:-UseLibmIntrinsic" ;;
    esac
    # shellcheck disable=SC2086
    (cd "$run" && "$J/java" $jflags -cp "$CP:$LX_BUILD/harness" GoldenRender --lxp "$lxp" --out "$run/$scene.frames.json" \
      --scene "$scene" --notes-file "$notes" $extra >/dev/null 2>&1)
    shas="$shas $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["sha256"])' "$run/$scene.frames.json")"
    last="$run/$scene.frames.json"
  done
  set -- $shas
  if [ "$1" = "$2" ] && [ "$2" = "$3" ]; then
    mkdir -p "$DEST"
    cp "$lxp" "$DEST/$scene.lxp"
    cp "$last" "$DEST/$scene.frames.json"
    echo "$scene: $1"
  else
    echo "$scene: renders disagree ($shas), not kept" >&2
  fi
done
