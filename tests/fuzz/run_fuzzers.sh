#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) in their own build folder and runs each for a
# bounded time, starting from seeds copied from the bundled files. Exits non-zero when a target finds a
# crash, a leak or a hang; the input that did it is copied to tests/fuzz/regressions/<target>/, where
# the ctest replay test (fuzz_replay:<target>) runs it from then on once it is committed.
#
#   tests/fuzz/run_fuzzers.sh                 every target, FUZZ_SECONDS (default 25; fuzz_atlas_parse 30) each
#   tests/fuzz/run_fuzzers.sh fuzz_image_mask one target
# Environment: FUZZ_SECONDS, COLLISION_LAB_FUZZ_BUILD_DIR (default build-fuzz), CXX (default clang++).
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
cd "$root"

seconds=${FUZZ_SECONDS:-25}
build=${COLLISION_LAB_FUZZ_BUILD_DIR:-build-fuzz}
compiler=${CXX:-clang++}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_scene_load fuzz_image_mask fuzz_image_decode fuzz_app_files fuzz_atlas_parse fuzz_record fuzz_collider)

seedsFor() {
  case "$1" in
    fuzz_scene_load) echo assets/scenes tests/fuzz/seeds/fuzz_scene_load ;;
    fuzz_image_mask) echo assets/sprites ;;
    fuzz_image_decode) echo assets/sprites tests/fuzz/seeds/fuzz_image_decode ;;
    fuzz_app_files) echo tests/fuzz/seeds/fuzz_app_files ;;
    fuzz_atlas_parse) echo assets/sprites/atlas.json assets/sprites/atlas-aseprite.json tests/fuzz/seeds/fuzz_atlas_parse ;;
    fuzz_record) echo tests/fuzz/seeds/fuzz_record ;;
    fuzz_collider) echo tests/fuzz/seeds/fuzz_collider ;;
    *) echo "run_fuzzers: unknown target $1" >&2; exit 2 ;;
  esac
}

echo "run_fuzzers: building ${targets[*]} with $compiler in $build"
mkdir -p "$build"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$compiler" \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" -DCOLLISION_LAB_SANITIZE=ON -DCOLLISION_LAB_FUZZ=ON \
  -DCOLLISION_LAB_APP=OFF -DCOLLISION_LAB_BENCH=OFF >"$build/configure.log" 2>&1 \
  || { cat "$build/configure.log"; exit 1; }
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"

failed=0
for target in "${targets[@]}"; do
  corpus="$build/corpus/$target"
  artifacts="$build/artifacts/$target"
  log="$build/logs/$target.log"
  rm -rf "$artifacts"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  # Seeds are the bundled files (copied, so that the fuzzer's new inputs never land in the source tree)
  # and the crash inputs already kept.
  for seed in $(seedsFor "$target"); do
    if [ -d "$seed" ]; then cp "$seed"/* "$corpus"/; else cp "$seed" "$corpus"/; fi
  done
  find "tests/fuzz/regressions/$target" -type f ! -name .gitkeep -exec cp {} "$corpus"/ \;

  # The atlas parser is small: 30 s explore it, unless FUZZ_SECONDS says otherwise.
  targetSeconds=$seconds
  [ "$target" = fuzz_atlas_parse ] && [ -z "${FUZZ_SECONDS:-}" ] && targetSeconds=30
  echo "run_fuzzers: $target for ${targetSeconds}s (log: $log)"
  status=0
  "$build/tests/fuzz/$target" "$corpus" -max_total_time="$targetSeconds" -timeout=30 -rss_limit_mb=2560 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1 || status=$?
  runs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | tail -1 || true)
  if [ "$status" -eq 0 ]; then
    echo "run_fuzzers: $target passed (${runs:-no summary})"
    continue
  fi
  failed=1
  echo "run_fuzzers: $target FAILED (exit $status); last lines of $log:"
  tail -n 40 "$log" | sed 's/^/    /'
  mkdir -p "tests/fuzz/regressions/$target"
  for crash in "$artifacts"/*; do
    [ -e "$crash" ] || continue
    kept="tests/fuzz/regressions/$target/$(basename "$crash")"
    cp "$crash" "$kept"
    echo "run_fuzzers: reproducer: $root/$kept"
    echo "run_fuzzers:   rerun: $build/tests/fuzz/$target $root/$kept"
    echo "run_fuzzers:   keep it as a regression test once fixed: git add $kept"
  done
done
exit "$failed"
