// The results page's "Copy as text" button (a file of its own: the CSP allows no inline script).
document.getElementById("copy-summary").addEventListener("click", async () => {
  const text = document.getElementById("summary").value, status = document.getElementById("copy-status");
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = gettext("Copied.");
  } catch (error) {
    document.getElementById("summary").select();
    status.textContent = gettext("Select all and copy (this browser blocked the clipboard).");
  }
});
