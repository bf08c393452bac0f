#!/bin/sh
# Regenerates test/golden/lx-scenes/modulators: builds the scenes with LX 1.2.1's API
# (ModulatorScenes.java), then renders each saved project three times (normal, --jitter, and
# interpreted with StrictMath-style libm) and keeps it only if the three sha256 agree.
#   LX_BUILD=<dir with classes/, gson.jar, harness/> [JAVA_HOME=<JDK 21+>] scripts/lx-harness/modulators/render.sh [OUT]
set -eu
: "${LX_BUILD:?set LX_BUILD to the shared harness build folder}"
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
javac=${JAVA_HOME:+$JAVA_HOME/bin/}javac
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-$HERE/../../../test/golden/lx-scenes/modulators}
OUT=$(mkdir -p "$OUT" && cd "$OUT" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
CP=$LX_BUILD/classes:$LX_BUILD/gson.jar:$LX_BUILD/harness
"$javac" --release 21 -nowarn -cp "$CP" -d "$T/classes" "$HERE/ModulatorScenes.java"
cd "$T"
"$java" -cp "$CP:$T/classes" ModulatorScenes "$T/saved" >/dev/null
for lxp in "$T"/saved/*.lxp; do
  s=$(basename "$lxp" .lxp)
  "$java" -cp "$CP" GoldenRender --lxp "$lxp" --out "$T/$s.a.json" >/dev/null
  "$java" -cp "$CP" GoldenRender --lxp "$lxp" --out "$T/$s.b.json" --jitter >/dev/null
  "$java" -Xint -XX:+UnlockDiagnosticVMOptions -XX:-UseLibmIntrinsic -cp "$CP" GoldenRender --lxp "$lxp" --out "$T/$s.c.json" >/dev/null
  a=$(sha256sum <"$T/$s.a.json"); b=$(sha256sum <"$T/$s.b.json"); c=$(sha256sum <"$T/$s.c.json")
  if [ "$a" = "$b" ] && [ "$a" = "$c" ]; then
    cp "$lxp" "$OUT/$s.lxp"
    cp "$T/$s.a.json" "$OUT/$s.frames.json"
    echo "$s: kept ${a%% *}"
  else
    echo "$s: the three renders differ; not kept" >&2
  fi
done
