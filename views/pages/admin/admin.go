// Package admin renders the admin console under /admin: overview, plans, users, keys, claim
// moderation, leads, the mail outbox and the audit log.
package admin

import "github.com/claimcheck/claimcheck/views/layouts"

// Frame is what every console page shares.
type Frame struct {
	// Meta is the head metadata and navigation state.
	Meta layouts.Page
	// CSRF is the token for every form's hidden _csrf input.
	CSRF string
	// Section marks the current item of the console's own navigation.
	Section string
	// Notice confirms the last change; Error says why it was refused.
	Notice, Error string
}

// Section is one entry of the console navigation.
type Section struct {
	// Key matches Frame.Section; Label and Href are the link.
	Key, Label, Href string
}

// Sections is the console navigation in display order; the waiting list is its own page, added by
// its handler's routes under the same prefix.
var Sections = []Section{
	{"overview", "admin.section.overview", "/admin"},
	{"plans", "admin.section.plans", "/admin/plans"},
	{"users", "admin.section.users", "/admin/users"},
	{"keys", "admin.section.keys", "/admin/keys"},
	{"waitlist", "admin.section.waitlist", "/admin/waitlist"},
	{"claims", "admin.section.claims", "/admin/claims"},
	{"knowledge", "admin.section.knowledge", "/admin/knowledge"},
	{"firms", "admin.section.firms", "/admin/firms"},
	{"leads", "admin.section.leads", "/admin/leads"},
	{"outbox", "admin.section.outbox", "/admin/outbox"},
	{"audit", "admin.section.audit", "/admin/audit"},
}

// Stat is one headline number.
type Stat struct {
	// Label names it, Value is formatted, TestID identifies it in tests.
	Label, Value, TestID string
}

// Bar is one bar of a chart, with its geometry precomputed by the handler.
type Bar struct {
	// Label is drawn under the bar ("" = none, to keep dense charts legible).
	Label string
	// Title is the bar's full text, for tooltips and the text alternative.
	Title string
	// Count is the value, formatted.
	Count string
	// X, Y, W, H place the bar; TextX is its centre.
	X, Y, W, H, TextX int
	// LabelX and Anchor place the label: centred under the bar unless that would cut it at an edge
	// of the view box, where it is anchored to the edge instead.
	LabelX int
	// Anchor is the SVG text-anchor of the label: "start", "middle" or "end".
	Anchor string
}

// Font sizes of the console charts' labels, in view-box units (the charts are 600 units wide).
// The stylesheet applies them (".admin .chart__svg text"); the handler lays the charts out for the
// larger one.
const (
	// ChartFontSize is the size on wide screens: 15 units, about 18 px on a 720 px chart.
	ChartFontSize = 15
	// ChartFontSizeNarrow is the size on phones: 26 units, 13 px on a 300 px chart, so labels at
	// 375 px read at 12 px or more.
	ChartFontSizeNarrow = 26
)

// Chart is a server-rendered SVG bar chart with a table as its text alternative.
type Chart struct {
	// ID prefixes element ids; Title heads the chart; Summary is the one-sentence alternative.
	ID, Title, Summary string
	// Width and Height are the view box.
	Width, Height int
	// Base is the baseline's y, Top the peak's y, Gutter the width left of the bars for the axis.
	Base, Top, Gutter int
	// Zero and Peak label the value axis ("" = an empty chart, no axis).
	Zero, Peak string
	// Bars are the data, in display order.
	Bars []Bar
}

// Overview is the /admin page.
type Overview struct {
	Frame
	// Stats are the headline numbers.
	Stats []Stat
	// Verdicts and Daily are the two charts.
	Verdicts, Daily Chart
}

// PlanRow is one plan in the plan list.
type PlanRow struct {
	// ID, Slug and Name identify the plan.
	ID, Slug, Name string
	// Price, Quota and MaxKeys are display text.
	Price, Quota, MaxKeys string
	// Public and V1 are its flags.
	Public, V1 bool
	// Use says what points at it, e.g. "3 keys, 1 account".
	Use string
}

// PlanForm is the create/edit form, with the submitted values on a validation error.
type PlanForm struct {
	// ID is empty for a new plan.
	ID string
	// Slug, Name, PriceText, Quota, MaxKeys, StripePrice, Features, SortOrder are the field values.
	Slug, Name, PriceText, Quota, MaxKeys, StripePrice, Features, SortOrder string
	// Unlimited, Public and V1 are the checkboxes.
	Unlimited, Public, V1 bool
	// Errors maps field names to messages.
	Errors map[string]string
	// Use says what points at the plan; InUse turns "delete" into "hide".
	Use   string
	InUse bool
}

// Plans is the /admin/plans page.
type Plans struct {
	Frame
	// Rows lists every plan; New is the create form.
	Rows []PlanRow
	New  PlanForm
}

// PlanEdit is the /admin/plans/:id page.
type PlanEdit struct {
	Frame
	// Form is the plan being edited.
	Form PlanForm
}

// Option is one choice of a select.
type Option struct {
	// Value is submitted; Label is shown.
	Value, Label string
}

// UserRow is one user in the user list.
type UserRow struct {
	// ID, Email, Name identify the user.
	ID, Email, Name string
	// Role and PlanID are the current values of the selects.
	Role, PlanID string
	// PlanName and Created are display text.
	PlanName, Created string
	// Disabled says whether the account is locked.
	Disabled bool
	// Self marks the viewing admin's own row, which offers no "Disable".
	Self bool
}

// Users is the /admin/users page.
type Users struct {
	Frame
	// Query is the search text.
	Query string
	// Rows are the matches; Roles and Plans fill the selects.
	Rows         []UserRow
	Roles, Plans []Option
}

// KeyRow is one key in the key list.
type KeyRow struct {
	// ID names the key in form actions; Display is its prefix.
	ID, Display, Name string
	// Owner, Plan, State, Used and Override are display text.
	Owner, Plan, State, Used, Override string
	// Active is false for revoked keys, which cannot be changed any more.
	Active bool
}

// Keys is the /admin/keys page.
type Keys struct {
	Frame
	// Query is the search text; Period the month the usage column counts.
	Query, Period string
	// Rows are the matches.
	Rows []KeyRow
}

// LeadRow is one contact-sales request.
type LeadRow struct {
	// Name, Email, Company, Message, Created are display text.
	Name, Email, Company, Message, Created string
}

// Leads is the /admin/leads page.
type Leads struct {
	Frame
	// Rows are the leads; Total counts all of them; Pager pages through them.
	Rows  []LeadRow
	Total string
	Pager Pager
}

// AuditRow is one audit entry.
type AuditRow struct {
	// When, WhenISO, Actor, Action, Subject, Detail are display text.
	When, WhenISO, Actor, Action, Subject, Detail string
}

// Pager links to the neighbouring pages ("" = none).
type Pager struct {
	// Prev and Next are hrefs.
	Prev, Next string
}

// Audit is the /admin/audit page.
type Audit struct {
	Frame
	// Rows are the entries, newest first; Total counts all of them.
	Rows  []AuditRow
	Total string
	Pager Pager
}
