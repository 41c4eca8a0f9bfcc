package matching

import "testing"

// TestActObjectUnstated holds Turkish posts matched against an English fact-check whose act has
// no object (actobject.go): a noun written bare before the shared act is what the act is done to,
// so "Kahve içmek" is another act than "Smoking" even though "içmek" translates to "smoke".
// Rewordings that state the act's object by a word the fact-check's act carries, or put a how or
// a where before it, still match.
func TestActObjectUnstated(t *testing.T) {
	checkStarterRules(t, []starterRuleCase{
		// Look-alikes: another thing drunk or smoked.
		{"actObjectUnstated", "Kahve içmek akciğer kanserine neden olur", "tr", "smoking-lung-cancer-en", "also says kahve"},
		{"actObjectUnstated", "Alkol içmek akciğer kanserine yol açar", "tr", "smoking-lung-cancer-en", "also says alkol"},
		{"actObjectUnstated", "kahve icmek akciger kanserine yol aciyormus", "tr", "smoking-lung-cancer-en", "different"},
		// Rewordings: the act's own object, and a manner word before an act (tuning data:
		// blind b-cl-016, blind2 c-cl-024: "açık" is how the fan is, no object).
		{"actObjectUnstated", "Sigara içmek akciğer kanserine yol açar", "tr", "smoking-lung-cancer-en", ""},
		{"actObjectUnstated", "Kapalı odada vantilatör açık uyumak öldürür", "tr", "fan-death-en", ""},
	})
}
