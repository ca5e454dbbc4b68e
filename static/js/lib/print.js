// The print pages' toolbar: the Print button (no inline onclick: the CSP forbids it).
document.getElementById("print-page").addEventListener("click", () => window.print());
