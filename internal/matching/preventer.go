package matching

import "fmt"

// A fact-check whose predicate is a preventer ("Washing your hands with soap helps prevent the
// spread of infections", "HPV aşısı rahim ağzı kanserini önlemeye yardımcı olur") says the
// opposite of what the same words say without it: a post stating everything else but leaving
// the preventer out ("washing your hands helps spread infections", "… yayılmasına yardımcı
// olur") claims the reverse. opposed (opposition.go) compares the sides two texts both take;
// here only the fact-check takes one, and the claim puts nothing in its place: no word of the
// causes/prevents opposition and no word of its own that could say it in other words ("Vitamin
// C keeps colds away" for "… prevents colds", "kills cancer" for "cures cancer").

// droppedPreventer names the preventer of r that q leaves out while stating every other part
// of r, or "" (q aligned to r as qa, r to q as ra).
func droppedPreventer(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) string {
	for _, h := range q.opp {
		if h.group == causesPrevents {
			return ""
		}
	}
	j := firstUnlinked(r, ra, func(o *part) bool { return isContent(o) && preventer(o) })
	// Every other part of the fact-check the claim states, but for a verb ("helps"): the claim
	// says the rest of it, the preventer turned off.
	if j < 0 || firstUnlinked(r, ra, func(o *part) bool { return isContent(o) && o != &r.parts[j] && !isVerbal(o) }) >= 0 {
		return ""
	}
	// A word of the claim's own may say it ("kills cancer" for "cures cancer"), even one set
	// aside as chatter, when it stands in a clause that states part of the fact-check.
	stating := map[int]bool{}
	for i, l := range qa.links {
		if l == linked || l == opposite {
			stating[q.parts[i].clause] = true
		}
	}
	for i, l := range qa.links {
		if isContent(&q.parts[i]) && (l == unlinked || l == chatter && stating[q.parts[i].clause]) {
			return ""
		}
	}
	return fmt.Sprintf("opposite meaning: the fact-check says %s, the claim leaves it out", r.parts[j].text)
}

// causesPrevents is the name of the opposition group (opposition.go) whose second side prevents
// what the first causes.
const causesPrevents = "causes/prevents"

// preventer reports a part on the preventing side of causesPrevents ("prevent", "önlemeye").
// An English one must be read as a verb or an act: the group's stems reach nouns that prevent
// nothing ("heal" in "health").
func preventer(o *part) bool {
	if o.lang == "en" && !isVerbal(o) && !verbalNoun(o) {
		return false
	}
	for _, h := range oppositionsOf(o.folded, "") {
		if h.group == causesPrevents && h.side == 'b' {
			return true
		}
	}
	return false
}
