/* global localStorage, window, document */
// Applies the stored theme before the first paint (an external file: the CSP forbids inline script).
(function () {
  try {
    var stored = localStorage.getItem('creditcheck-sl-theme');
    var dark = stored === 'dark' || ((stored === null || stored === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark) document.documentElement.classList.add('dark');
  } catch {
    /* storage unavailable: light until React starts */
  }
})();
