/** Reloads the page (a new version of a remote starts on the next page load). */
export function reloadPage(): void {
  window.location.reload();
}
