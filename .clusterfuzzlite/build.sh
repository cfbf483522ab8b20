#!/bin/bash -eu
# Builds the harness's libFuzzer targets for ClusterFuzzLite (and OSS-Fuzz): one binary
# per target in $OUT (harness-fuzz-json, -session, -rules, -results, -segmentation,
# -keyboard, -baseline, -arguments: copies of one program that picks its target by its name), each with its
# dictionary and a zip of seed inputs from Corpora, and the profiles the targets read,
# beside them in $OUT/Corpora.
#
# ClusterFuzzLite runs it in its Docker image with $SRC, $OUT and $SWIFTFLAGS set. CI runs
# it without Docker (`OUT=$(mktemp -d) .clusterfuzzlite/build.sh` from the checkout): then
# the flags default to what scripts/fuzz uses, and the build shares scripts/fuzz's
# scratch directory.
if [[ -n ${SRC:-} ]]; then cd "$SRC/imeharness"; fi
: "${OUT:?set OUT to the directory to put the fuzz targets in}"
scratch=${SCRATCH:-.build/fuzz}
# scripts/fuzz's flags, in its order (so that the two share one build), unless the
# builder image gives its own.
flags="-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld"
if [[ -n ${SWIFTFLAGS:-} ]]; then flags="$SWIFTFLAGS -Xswiftc -DFUZZING"; fi
# shellcheck disable=SC2086  # a list of flags, word-split on purpose
swift build -c release --scratch-path "$scratch" --product harness-fuzz $flags
binary=$(swift build -c release --scratch-path "$scratch" --product harness-fuzz --show-bin-path)/harness-fuzz
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
for target in json session rules results segmentation keyboard baseline arguments; do
    cp "$binary" "$OUT/harness-fuzz-$target"
    cp "Tools/fuzz/dictionaries/$target.dict" "$OUT/harness-fuzz-$target.dict"
done
# Seed inputs, as scripts/fuzz makes them: the corpus files each target reads.
python3 - "$seeds" <<'PY'
import glob, os, sys
out = sys.argv[1]
groups = {
    "json": glob.glob("Corpora/**/*.json", recursive=True),
    "session": glob.glob("Corpora/sessions/**/*.json", recursive=True) + glob.glob("Corpora/regressions/*.json"),
    "rules": [],
    "results": [],
    "segmentation": [],
    "keyboard": glob.glob("Corpora/keyboard-sessions/*.json") + glob.glob("Corpora/keyboard-profiles/*.json"),
    "baseline": [],
    "arguments": [],
}
for target, paths in groups.items():
    os.makedirs(os.path.join(out, target), exist_ok=True)
    for index, path in enumerate(sorted(paths)):
        with open(path, "rb") as source, open(os.path.join(out, target, f"{index:05}"), "wb") as seed:
            seed.write(source.read())
PY
for target in json session keyboard; do
    (cd "$seeds/$target" && zip -q -r "$OUT/harness-fuzz-${target}_seed_corpus.zip" .)
done
# The targets replay under the shipped profiles: they look for Corpora beside themselves.
mkdir -p "$OUT/Corpora"
cp -RL Corpora/profiles Corpora/keyboard-profiles "$OUT/Corpora/"
