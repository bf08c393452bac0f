#!/bin/sh
# Regenerates test/golden/lx-scenes/devices: builds every device scene with LX 1.2.1's API
# (DeviceScenes.java), renders each three times with the shared harness's GoldenRender (normal,
# --jitter, interpreted with StrictMath-style libm) and keeps a scene only if the three agree.
#   LX_BUILD=<dir with classes/, gson.jar, harness/> [JAVA_HOME=<JDK 21+>] scripts/lx-harness/devices/render-devices.sh [SCENE...]
set -eu
: "${LX_BUILD:?LX_BUILD must name the shared harness build folder}"
J=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin
CP=$LX_BUILD/classes:$LX_BUILD/gson.jar:$LX_BUILD/harness
HERE=$(cd "$(dirname "$0")" && pwd)
DEST=$HERE/../../../test/golden/lx-scenes/devices
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$J/javac" --release 21 -nowarn -cp "$CP" -d "$TMP/classes" "$HERE/DeviceScenes.java"
mkdir -p "$TMP/run" "$TMP/scenes"
(cd "$TMP/run" && "$J/java" -cp "$CP:$TMP/classes" DeviceScenes "$TMP/scenes" "$@" >/dev/null)
for lxp in "$TMP"/scenes/*.lxp; do
  name=$(basename "$lxp" .lxp)
  notes=$TMP/scenes/$name.notes.txt
  a=$(cd "$TMP/run" && "$J/java" -cp "$CP" GoldenRender --lxp "$lxp" --out "$TMP/$name.a.json" --scene "$name" --notes-file "$notes" 2>/dev/null | tail -1)
  b=$(cd "$TMP/run" && "$J/java" -cp "$CP" GoldenRender --lxp "$lxp" --out "$TMP/$name.b.json" --scene "$name" --notes-file "$notes" --jitter 2>/dev/null | tail -1)
  c=$(cd "$TMP/run" && "$J/java" -Xint -XX:+UnlockDiagnosticVMOptions -XX:-UseLibmIntrinsic -cp "$CP" GoldenRender --lxp "$lxp" \
    --out "$TMP/$name.c.json" --scene "$name" --notes-file "$notes" 2>/dev/null | tail -1)
  if [ "$a" = "$b" ] && [ "$a" = "$c" ]; then
    cp "$lxp" "$DEST/$name.lxp"
    cp "$TMP/$name.a.json" "$DEST/$name.frames.json"
    echo "kept $name $a"
  else
    echo "DROPPED $name: renders disagree ($a / $b / $c)"
  fi
done
