package matching

import (
	"slices"
	"strings"
)

// continuedAct reports a word of the Turkish aspect periphrasis "-mAyA devam et-" (to keep
// doing: "parmaklarını çıtlatmaya devam edersen") after a verbal noun whose act the fact-check
// states: "devam etmek" says only that the act goes on, a grammatical aspect as "keep" is in
// "keep cracking", so the claim's act is the verbal noun's ("çıtlatmak") and "devam" is in no
// part's place. Without this "devam" stands where the fact-check has its predicate ("yol açar")
// and is refused as another one. Only with the verbal noun in the dative right before "devam",
// in its clause: "devam" alone ("devam eden araştırmalar") is a word of its own.
func continuedAct(q *claimParts, qa sideAlign, i int) bool {
	p := &q.parts[i]
	if p.lang != "tr" {
		return false
	}
	k := i // the part "devam"
	if !slices.Contains(p.lemmas, "devam") {
		if i == 0 || !slices.Contains(q.parts[i-1].lemmas, "devam") || !slices.Contains(p.dict, "etmek") {
			return false
		}
		k = i - 1
	}
	if k == 0 {
		return false
	}
	act := &q.parts[k-1]
	if act.clause != q.parts[k].clause || q.parts[i].clause != q.parts[k].clause || qa.links[k-1] != linked {
		return false
	}
	return strings.HasSuffix(act.folded, "maya") || strings.HasSuffix(act.folded, "meye")
}
