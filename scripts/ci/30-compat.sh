# Sourced by .ci/run: no breaking contract change since the merge base, and info.version follows
# semver (npm run check:compat). The base: the merge base with origin/main when the clone has it
# and HEAD is not on it; otherwise HEAD's first parent (on main after a merge, main before it:
# the whole merged change). A clone without history (a single commit) has nothing to compare.
step "contract compatibility (npm run check:compat)"
compat_base=""
if git rev-parse --verify --quiet origin/main >/dev/null; then
  compat_base="$(git merge-base HEAD origin/main 2>/dev/null || true)"
fi
if [ -z "$compat_base" ] || [ "$compat_base" = "$(git rev-parse HEAD)" ]; then
  compat_base="$(git rev-parse --verify --quiet 'HEAD^1' || true)"
fi
if [ -n "$compat_base" ]; then
  echo "comparing with $compat_base"
  npm run check:compat -- --against "$compat_base" || failed_steps+=("contract compatibility")
else
  echo "no earlier commit to compare with"
fi
unset compat_base
