# Sourced by .ci/run: the docs in headless Chromium (npm run test:docs). Installs Debian's chromium
# when it is missing (never `playwright install`: only the npm registry and Debian are reachable).
step "docs in a browser (headless Chromium)"
docs_browser_ok=true
if [ ! -x /usr/bin/chromium ]; then
  echo "installing chromium from Debian"
  if [ "$(id -u)" -eq 0 ]; then apt_prefix=(); else apt_prefix=(sudo); fi
  if ! { "${apt_prefix[@]}" apt-get update && DEBIAN_FRONTEND=noninteractive "${apt_prefix[@]}" apt-get install -y --no-install-recommends chromium; }; then
    echo "could not install chromium"
    failed_steps+=("chromium install")
    docs_browser_ok=false
  fi
fi
if [ "$docs_browser_ok" = true ]; then
  npm run test:docs -- --reporter=default --reporter=json --outputFile.json="$results_dir/docs.json" || failed_steps+=("docs browser test")
  echo "screenshot: dist/docs/screenshot.png (landing page: dist/docs/screenshot-landing.png; report: dist/docs/browser-report.json)"
fi
unset docs_browser_ok apt_prefix
