import { Buffer } from 'node:buffer';
import { sha256Hex } from '@armorer/approval';

/** The page's bundled script and style sheet. */
export interface PageAsset {
  readonly script: string;
  readonly style: string;
}

/** The page's HTML and the Content-Security-Policy that allows exactly its inline script and style. */
export interface RenderedPage {
  readonly html: string;
  readonly csp: string;
}

function sha256(text: string): string {
  return `'sha256-${Buffer.from(sha256Hex(text), 'hex').toString('base64')}'`;
}

/**
 * The one HTML document of the inspector, script and style inline (one request, nothing else to fetch
 * or to authorize). The policy allows those two by hash and nothing else: no other script, no frames,
 * no form posts, fetches only to this server.
 */
export function renderPage(asset: PageAsset): RenderedPage {
  // Inline text must not end its element early or open an HTML comment; these escapes mean the same in
  // JavaScript strings and regular expressions, and in CSS.
  const script = asset.script.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
  const style = asset.style.replace(/<\/(style)/gi, '<\\/$1');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>armorer inspector</title>
<link rel="icon" href="data:,">
<style>${style}</style>
</head>
<body>
<div id="app"><p>Loading the armorer inspector…</p></div>
<script type="module">${script}</script>
</body>
</html>
`;
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    "connect-src 'self'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
