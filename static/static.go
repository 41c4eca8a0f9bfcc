// Package static embeds the stylesheet, script and icons the pages use, so the binary serves them
// without a build step or a CDN.
package static

import "embed"

// FS holds css/, js/ and favicon.svg, served by the wiring under /static.
//
//go:embed css js favicon.svg
var FS embed.FS
