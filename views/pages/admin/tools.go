package admin

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/claimcheck/claimcheck/views/layouts"
)

// Filter is one select of a list's filter form.
type Filter struct {
	// Name is the query parameter; Label names the select; Value is the current choice.
	Name, Label, Value string
	// Options are the choices, the "any" choice (Value "") first.
	Options []Option
}

// ClaimRow is one claim of the moderation list.
type ClaimRow struct {
	// ID, Content, Href (its public page) describe the claim.
	ID, Content, Href string
	// Verdict is the verdict's human name ("False (Yanlış)"); VerdictSlug the stored value.
	Verdict, VerdictSlug string
	// Created, Analyzer and Via ("website" or "API") say where it came from.
	Created, Analyzer, Via string
	// Hidden says whether the claim is off the public pages; HiddenAt and Reason explain it.
	Hidden           bool
	HiddenAt, Reason string
}

// Claims is the /admin/claims moderation page: a searchable, filterable list of every claim.
type Claims struct {
	Frame
	// Q is the search text; Filters are the selects beside it.
	Q       string
	Filters []Filter
	// SearchError explains a search that could not run.
	SearchError string
	// Rows are the claims, newest first.
	Rows []ClaimRow
	// Back is the list's address with its filters, where a change returns to.
	Back string
	// Next continues the list; First goes back to its start ("" = none).
	Next, First string
	// ClaimValue, ReasonValue refill the hide-by-id form; ClaimError, ReasonError explain refusals.
	ClaimValue, ReasonValue, ClaimError, ReasonError string
}

// MailPart is a run of a mail body: text, or a link when Href is set.
type MailPart struct {
	// Text is shown; Href, when set, makes it a link.
	Text, Href string
}

// MailRow is one outbox mail.
type MailRow struct {
	// ID, State, To, Subject, Kind, Attempts, LastError, Created are display text.
	ID, State, To, Subject, Kind, Attempts, LastError, Created string
	// StateText is the state as a reader should understand it ("not sent: no SMTP server").
	StateText string
	// Body is the text part split into text and links.
	Body []MailPart
	// CanRetry offers the retry button for failed and dead mail.
	CanRetry bool
}

// Outbox is the /admin/outbox page.
type Outbox struct {
	Frame
	// SMTP says whether mail is actually sent, or only kept here.
	SMTP bool
	// To is the recipient search; Filters are the state and kind selects.
	To      string
	Filters []Filter
	// Rows are the newest matching mails; Pager pages through them.
	Rows  []MailRow
	Pager Pager
}

// Reason is one line of an import's skip reasons; English marks a reason said as the importer
// stored it (it quotes the file's own rating words), not in the page's language.
type Reason struct {
	Text    string
	English bool
}

// Knowledge is the /admin/knowledge page: the knowledge base's entries and the upload form.
type Knowledge struct {
	Frame
	// Count says how many fact-checks the knowledge base holds.
	Count string
	// Result summarises the last import, Reasons why reviews were skipped; Problem says why it
	// failed, ProblemDetail is the importer's own English diagnosis of the file ("" = none).
	Result, Problem, ProblemDetail string
	Reasons                        []Reason
	// MaxSize is the upload limit in words.
	MaxSize string
	// Q is the search text; Filters are the state and verdict selects.
	Q       string
	Filters []Filter
	// SearchError explains a search that could not run.
	SearchError string
	// Rows are the matching entries, most recently changed first; Pager pages through them.
	Rows  []EntryRow
	Pager Pager
}

// EntryRow is one knowledge-base entry in the list.
type EntryRow struct {
	// ID, Claim, Verdict (human name), VerdictSlug, Publisher, Language, Source, Updated describe it.
	ID, Claim, Verdict, VerdictSlug, Publisher, Language, Source, Updated string
	// Retired and Edited are its admin states.
	Retired, Edited bool
}

// EntryFields are the edit form's values.
type EntryFields struct {
	// Claim, Verdict, Rating, Language, Publisher, Body are the fields.
	Claim, Verdict, Rating, Language, Publisher, Body string
}

// Entry is the /admin/knowledge/:id page: one entry, its edit form, and retire or restore.
type Entry struct {
	Frame
	// ID, URL (the fact-check's address), Source, Created and Updated describe the entry.
	ID, URL, Source, Created, Updated string
	// Link says URL is a web address, shown as a link (starter entries have urn: names).
	Link bool
	// Edited says who last edited it and when ("" = never).
	Edited string
	// Retired is set while the entry is out of matching, with when and why.
	Retired               bool
	RetiredAt, RetiredWhy string
	// Form holds the values; Errors maps a field to its message; Verdicts fill the select.
	Form     EntryFields
	Errors   map[string]string
	Verdicts []Option
	// ReasonValue and ReasonError refill the retire form.
	ReasonValue, ReasonError string
}

// EntryPath is the address of entry id's page, or of one of its actions.
func EntryPath(id, action string) string {
	p := "/admin/knowledge/" + url.PathEscape(id)
	if action != "" {
		p += "/" + action
	}
	return p
}

// ConfirmAction is a destructive console action behind a confirmation step.
type ConfirmAction struct {
	// Label names the action on its first button; Subject says what it acts on, for screen readers.
	Label, Subject string
	// Question is asked before the action; Yes is the confirming button's text.
	Question, Yes string
	// Action is the form's address; CSRF its token; TestID names the control in tests.
	Action, CSRF, TestID string
}

// boolText is "true" or "false", for data attributes tests read.
func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// itoa formats a small number for an attribute.
func itoa(n int) string { return strconv.Itoa(n) }

// fieldAttrs are an entry field's aria attributes: its hint and error as its description, and
// aria-invalid while it has an error; none when it has neither.
func fieldAttrs(name, hint, err string) templ.Attributes {
	a := templ.Attributes{}
	var ids []string
	if hint != "" {
		ids = append(ids, "entry-"+name+"-hint")
	}
	if err != "" {
		ids = append(ids, "entry-"+name+"-error")
		a["aria-invalid"] = "true"
	}
	if len(ids) > 0 {
		a["aria-describedby"] = strings.Join(ids, " ")
	}
	return a
}

// consoleMeta is a console page's metadata: never indexed, and without the public footer.
func consoleMeta(m layouts.Page) layouts.Page {
	m.NoIndex, m.NoFooter = true, true
	return m
}
