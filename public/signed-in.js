// Loaded (blocking) only by the prerendered '/': a signed-in visitor sees the Overview there, so the marketing
// HTML stays hidden until the app renders it away. Kept tiny; no inline scripts under our CSP.
try {
  if (localStorage.getItem('sessionId') || localStorage.getItem('servc_auth') === 'true') {
    document.documentElement.classList.add('signed-in');
  }
} catch {
  // storage unavailable: show the prerendered page
}
