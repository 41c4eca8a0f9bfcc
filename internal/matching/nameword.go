package matching

import (
	"fmt"
	"strings"
)

// A fact-check's common noun may be the last word of a name the post uses: "İstanbul 2010
// yılında Avrupa Kültür Başkenti'ydi" names a title, the European Capital of Culture, and says
// nothing of the capital of Turkey ("Türkiye'nin başkenti İstanbul'dur"). The name's other
// words were read as name words that only narrow the claim (nameModifier), and its last word
// as the noun itself. A capitalised word closing a run of capitalised words the fact-check does
// not state is part of that name, not the fact-check's noun. Only a noun the fact-check writes
// in lower case as its subject, object or predicate counts: a name it writes itself may be said
// more fully ("Albert Einstein", "Büyük Sahra", "Apple'ın Mac bilgisayarları"), and a detail
// ("aynı dönemde") may meet a name in a story around the claim ("Taş Devri çizgi filmi").

// nameWordForNoun reports a claim q whose word linked to a common noun of fact-check r closes a
// name of two words or more whose other words r does not state, as a reason, or "".
func (ix *decision) nameWordForNoun(q, r *claimParts) string {
	qa, _ := ix.alignParts(q, r)
	for i := 1; i < len(q.parts); i++ {
		p := &q.parts[i]
		o := &r.parts[qa.with[i]]
		if qa.links[i] != linked || p.ent == nil || o.ent != nil || writtenAsName(o.text) || o.role < roleCore || !writtenAsName(p.text) {
			continue // the fact-check's own name ("Mac", "Sahra"), or a detail ("aynı dönemde")
		}
		from := i
		for from > 0 && q.parts[from-1].clause == p.clause && q.parts[from-1].ent != nil && q.parts[from-1].num == "" &&
			qa.links[from-1] == unlinked && writtenAsName(q.parts[from-1].text) {
			from--
		}
		name := spanText(q, from, i)
		if from == i || len(strings.Fields(name)) != i-from+1 {
			continue // not written side by side: words of their own, not one name
		}
		return fmt.Sprintf("different entity: the claim names %s, the fact-check says %s", name, r.parts[qa.with[i]].text)
	}
	return ""
}
