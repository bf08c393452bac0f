#!/bin/sh
# Regenerates test/golden/lx-outputs from LX 1.2.1 itself: writes the hand-made project, has LX
# open and save it (the shared harness's Canon), then renders it with OutputCapture three ways
# (normal, again, and interpreted with StrictMath-style libm) and keeps the capture only if the
# three agree. Needs the shared LX harness built (see its README):
#   LX_BUILD=<dir with classes/, gson.jar, harness/> [JAVA_HOME=<JDK 21+>] scripts/lx-harness/capture-outputs.sh
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
: "${LX_BUILD:?set LX_BUILD to the built LX harness (classes/, gson.jar, harness/)}"
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
javac=${JAVA_HOME:+$JAVA_HOME/bin/}javac
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp="$LX_BUILD/classes:$LX_BUILD/gson.jar"
mkdir "$scratch/classes" "$scratch/run"
"$javac" -cp "$cp" -d "$scratch/classes" "$root/scripts/lx-harness/OutputCapture.java"
cp="$cp:$LX_BUILD/harness:$scratch/classes"
# LX writes .lxpreferences into its media folder: it gets a copy.
cp -r "$root/test/golden/lx-outputs/media" "$scratch/media"
node "$root/scripts/lx-harness/outputs-scene.mjs" "$scratch/hand.lxp"
cd "$scratch/run"
"$java" -cp "$cp" Canon ../hand.lxp ../outputs.lxp --media ../media > ../canon.log 2>&1
# capture OUT [JVM options…]
capture() {
  out=$1
  shift
  "$java" "$@" -cp "$cp" OutputCapture --lxp ../outputs.lxp --media ../media --frames 8 --tcp-param tcpPort --out "$out" > /dev/null 2>&1
}
capture ../a.json
capture ../b.json
capture ../c.json -Xint -XX:+UnlockDiagnosticVMOptions -XX:-UseLibmIntrinsic
node -e '
const fs = require("node:fs");
const [a, b, c] = ["a", "b", "c"].map((r) => JSON.stringify(JSON.parse(fs.readFileSync(`../${r}.json`, "utf8")).frames));
if (a !== b || a !== c) { console.error("the three captures differ: not kept"); process.exit(1); }
'
cp ../outputs.lxp "$root/test/golden/lx-outputs/outputs.lxp"
cp ../a.json "$root/test/golden/lx-outputs/outputs.packets.json"
echo "test/golden/lx-outputs regenerated"
