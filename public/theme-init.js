// Applies the saved or system theme before the first paint, so a dark-theme reader never sees a white flash.
(function () {
  try {
    var saved = localStorage.getItem('earnings-desk:theme');
    var dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage blocked: the stylesheet's defaults apply.
  }
})();
