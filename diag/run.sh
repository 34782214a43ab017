#!/bin/bash
# Builds diag/inner_align.cu and runs each variant in its own process (a trap
# is sticky for its process). Run from anywhere: bash diag/run.sh
set -u
cd "$(dirname "$0")"
nvcc -std=c++20 -O3 -DNDEBUG -I../include -gencode=arch=compute_90a,code=sm_90a \
  inner_align.cu -o /tmp/tirx_inner_align || exit 1
for v in in_aligned in_unaligned oob_aligned oob_unaligned pf_oob_aligned pf_oob_unaligned; do
  /tmp/tirx_inner_align "$v"
done
exit 0
