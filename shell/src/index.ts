// The shell starts here. It is not built with the federation plugin (the runtime starts only when
// a page loads a remote: remotes/loader.ts), so it needs no async boundary before its shared
// modules: the page's first script runs the shell at once.
import './bootstrap';
