package main

import (
	"bytes"
	"fmt"
	"strings"
)

// Thresholds that pick WordNet's abstract top levels; README.md explains the choice.
const (
	generalNounDepth    = 3    // every noun synset this close to "entity"
	generalHubDepth     = 5    // ... and hubs down to this depth
	generalHubSize      = 2000 // with at least this many descendants
	generalVerbRootSize = 300  // verb roots (and their direct children) with this many descendants
)

// generalTable lists the synsets too abstract to be a "broader" term: id, depth, descendants, words.
func generalTable(wn *wordnet, hyper [][]int) []byte {
	d := depths(hyper)
	desc := descendants(hyper)
	var b bytes.Buffer
	for id, s := range wn.synsets {
		general := false
		switch s.pos {
		case 0:
			general = d[id] <= generalNounDepth || d[id] <= generalHubDepth && desc[id] >= generalHubSize
		case 1:
			general = d[id] <= 1 && desc[id] >= generalVerbRootSize
		}
		if general {
			fmt.Fprintf(&b, "%d\t%d\t%d\t%s\n", id, d[id], desc[id], strings.Join(s.words, ", "))
		}
	}
	return b.Bytes()
}
