package matching

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestDebugWhy(t *testing.T) {
	qs := os.Getenv("DW")
	if qs == "" {
		t.Skip()
	}
	ix := starterIndex(t)
	for _, q := range strings.Split(qs, ";;") {
		lang := "tr"
		if strings.HasPrefix(q, "en:") {
			lang, q = "en", q[3:]
		}
		qp := ix.parseClaim(q, lang)
		for _, c := range ix.Search(q, lang, 2) {
			rp := ix.reviewParts(c.Review)
			qa, ra := ix.alignParts(qp, rp)
			fmt.Printf("%q vs %q: %s\n", q, c.Review.Claim, c.Rejected)
			for i, p := range qp.parts {
				w := ""
				if qa.links[i] != unlinked {
					w = rp.parts[qa.with[i]].text
				}
				fmt.Printf("   q %-12s r%d v%v f%v l%d -> %s  dict=%v\n", p.text, p.role, p.verb, p.first, qa.links[i], w, p.dict)
			}
			for i, p := range rp.parts {
				w := ""
				if ra.links[i] != unlinked {
					w = qp.parts[ra.with[i]].text
				}
				fmt.Printf("   r %-12s r%d v%v f%v l%d -> %s  dict=%v\n", p.text, p.role, p.verb, p.first, ra.links[i], w, p.dict)
			}
		}
	}
}
