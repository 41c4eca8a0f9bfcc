package llm

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/claimcheck/claimcheck/internal/analysis"
)

// Name is the analyzer name stored with LLM analyses.
const Name = "llm"

// Version identifies the prompt, schema and validation rules; the stored version is
// Version + "/" + model, so analyses by different models or rule sets can be told apart. Bump it
// whenever the prompt, the schema or a validation rule changes.
const Version = "llm-2"

// MethodLLM is the FieldBasis.Method of a field the model set.
const MethodLLM = "llm"

// Verdict basis methods: they tell a verdict taken from an earlier fact-check apart from the
// model's own judgement, so a page never presents the model's opinion as a published review.
const (
	// MethodLLMFactCheck marks a verdict the model based on a named earlier fact-check that passed
	// the alignment check (it states the same claim).
	MethodLLMFactCheck = "llm-fact-check"
	// MethodLLMJudgement marks a verdict that is the model's own assessment: no earlier fact-check
	// it was given was confirmed to state the claim.
	MethodLLMJudgement = "llm-judgement"
)

// ClaimAligner decides whether a review states the same claim (internal/matching's *Index
// implements it). A fact-check decides a claim only when it states that same claim; a look-alike
// about a different subject, object, person or number decides nothing.
type ClaimAligner interface {
	// SameClaim reports whether the review at reviewURL states claim (language lang, "" or "und"
	// when unknown); known is false when the review is not indexed, and reason names the part
	// that differs when same is false.
	SameClaim(claim, lang, reviewURL string) (same bool, reason string, known bool)
}

// Defaults applied by New to a zero Config field.
const (
	// DefaultBaseURL is OpenAI's API.
	DefaultBaseURL = "https://api.openai.com/v1"
	// DefaultTimeout bounds the whole model step of one analysis.
	DefaultTimeout = 30 * time.Second
)

// Structured output modes (Config.StructuredOutput, LLM_STRUCTURED_OUTPUT).
const (
	// OutputAuto tries json_schema and switches to json_object for this process once the server rejects it.
	OutputAuto = "auto"
	// OutputJSONSchema always sends a strict JSON schema (response_format json_schema).
	OutputJSONSchema = "json_schema"
	// OutputJSONObject always uses plain JSON mode (response_format json_object), the schema in the prompt.
	OutputJSONObject = "json_object"
)

// Config selects the model endpoint; works with OpenAI, Azure OpenAI (base URL of the deployment +
// api-key), vLLM, Ollama (http://localhost:11434/v1) and the llama.cpp server. doc.go has examples.
type Config struct {
	// BaseURL is the API base (LLM_BASE_URL); empty means DefaultBaseURL. A query string (Azure's
	// api-version) is sent with every request; a trailing /chat/completions is tolerated.
	BaseURL string
	// Model is the model, or the Azure deployment name (LLM_MODEL); required.
	Model string
	// APIKey (LLM_API_KEY) is sent as a bearer token, or as the api-key header to Azure hosts;
	// empty sends no credentials, as local servers expect.
	APIKey string
	// Timeout (LLM_TIMEOUT) bounds the whole model step of one analysis: every attempt, the waits
	// between retries and the repair request. Zero means DefaultTimeout.
	Timeout time.Duration
	// MaxRetries (LLM_MAX_RETRIES) is how often a 408/409/429/5xx answer or a connection error is
	// retried, with exponential backoff or the server's Retry-After; zero means no retries.
	MaxRetries int
	// StructuredOutput (LLM_STRUCTURED_OUTPUT) is OutputAuto, OutputJSONSchema or OutputJSONObject;
	// empty means OutputAuto.
	StructuredOutput string
	// Temperature is sent as is (0 asks for the most repeatable answer); a negative value leaves it
	// out. A model that rejects it (OpenAI's reasoning models accept only their default) is asked
	// again without it, and this process stops sending it.
	Temperature float64
	// HTTPClient sends the requests; nil is a plain client. An endpoint an account configured
	// goes through a client that refuses private addresses (internal/custommodel).
	HTTPClient *http.Client
	// Aligner checks that a fact-check the model names as the basis of its verdict states the
	// same claim. Nil means no check is available: a named fact-check is then not trusted, and
	// the verdict is labelled the model's own judgement.
	Aligner ClaimAligner
}

// Analyzer is the LLM analyzer. It is safe for concurrent use.
type Analyzer struct {
	cfg      Config
	endpoint string
	chat     *chatClient
	offline  analysis.Analyzer
	// jsonObject is set once, in auto mode, when the server rejected json_schema and JSON mode
	// worked; later analyses then skip the request that would be rejected.
	jsonObject atomic.Bool
	// noTemperature is set once the model rejected the temperature parameter (OpenAI's reasoning
	// models accept only their default).
	noTemperature atomic.Bool
	recent        recentLog
}

// azureHostSuffixes are the Azure OpenAI hosts, which take the key in the api-key header.
var azureHostSuffixes = []string{".openai.azure.com", ".cognitiveservices.azure.com", ".services.ai.azure.com"}

// New checks cfg and builds the analyzer around offline, which supplies the context for the prompt
// and the answer when the model fails.
func New(cfg Config, offline analysis.Analyzer) (*Analyzer, error) {
	if offline == nil {
		return nil, errors.New("llm: the offline analyzer is required (it is the context and the fallback)")
	}
	cfg.Model = strings.TrimSpace(cfg.Model)
	if cfg.Model == "" {
		return nil, errors.New("llm: the model is required (LLM_MODEL)")
	}
	if strings.TrimSpace(cfg.BaseURL) == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	base, err := url.Parse(strings.TrimSpace(cfg.BaseURL))
	if err != nil {
		return nil, fmt.Errorf("llm: base URL (LLM_BASE_URL): %w", err)
	}
	if (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("llm: base URL (LLM_BASE_URL) %q: want an absolute http(s) URL", cfg.BaseURL)
	}
	if base.User != nil {
		// Credentials in the URL would be copied into logs and the audit record; the key has its own setting.
		return nil, errors.New("llm: base URL (LLM_BASE_URL) must not contain credentials; put the key in LLM_API_KEY")
	}
	switch {
	case cfg.Timeout == 0:
		cfg.Timeout = DefaultTimeout
	case cfg.Timeout < 0:
		return nil, fmt.Errorf("llm: timeout (LLM_TIMEOUT) %s is negative", cfg.Timeout)
	}
	if cfg.MaxRetries < 0 {
		return nil, fmt.Errorf("llm: max retries (LLM_MAX_RETRIES) %d is negative", cfg.MaxRetries)
	}
	switch cfg.StructuredOutput {
	case "":
		cfg.StructuredOutput = OutputAuto
	case OutputAuto, OutputJSONSchema, OutputJSONObject:
	default:
		return nil, fmt.Errorf("llm: structured output (LLM_STRUCTURED_OUTPUT) %q: choose auto, json_schema or json_object", cfg.StructuredOutput)
	}
	if cfg.Temperature > 2 {
		return nil, fmt.Errorf("llm: temperature %g is above 2", cfg.Temperature)
	}

	query := base.Query()
	base.RawQuery, base.Fragment = "", ""
	base.Path = strings.TrimSuffix(strings.TrimRight(base.Path, "/"), "/chat/completions")
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{}
	}
	endpoint := base.String()
	if len(query) > 0 {
		endpoint += "?" + query.Encode()
	}
	return &Analyzer{
		cfg:      cfg,
		endpoint: endpoint,
		// No environment is read: a key meant for api.openai.com (OPENAI_API_KEY) must not reach
		// another server. A server asking to wait longer than the whole budget gets no retry.
		chat:    newChatClient(client, base, query, cfg.APIKey, cfg.MaxRetries, cfg.Timeout),
		offline: offline,
	}, nil
}

// isAzure reports whether host is an Azure OpenAI endpoint.
func isAzure(host string) bool {
	host = strings.ToLower(host)
	for _, s := range azureHostSuffixes {
		if strings.HasSuffix(host, s) {
			return true
		}
	}
	return false
}

// Name returns "llm".
func (a *Analyzer) Name() string { return Name }

// Version returns the version stored with this analyzer's results, "llm-2/<model>".
func (a *Analyzer) Version() string { return Version + "/" + a.cfg.Model }

// OutputFormat returns the response format the next request will use, "json_schema" or
// "json_object", so an admin page can show what auto mode settled on.
func (a *Analyzer) OutputFormat() string {
	if a.cfg.StructuredOutput == OutputJSONObject || a.jsonObject.Load() {
		return OutputJSONObject
	}
	return OutputJSONSchema
}

// Recent returns the last RecentSize model exchanges, newest first, for audit pages.
func (a *Analyzer) Recent() []Exchange { return a.recent.list() }

// Analyze runs the offline analyzer, asks the model with its findings as context, and returns the
// model's validated answer; when the model fails it returns the offline result with Meta.Fallback
// saying why. Only the caller's own cancellation (or deadline) and offline errors (an empty claim)
// are returned as errors.
func (a *Analyzer) Analyze(ctx context.Context, in analysis.Input) (analysis.Result, error) {
	start := time.Now()
	off, err := a.offline.Analyze(ctx, in)
	if err != nil {
		return analysis.Result{}, fmt.Errorf("llm: offline analysis: %w", err)
	}
	off = cloneResult(off)

	callCtx, cancel := context.WithTimeout(ctx, a.cfg.Timeout)
	defer cancel()
	format := a.OutputFormat()
	msgs := messages(in, off, format)
	ans, used, err := a.ask(callCtx, in, off, format, msgs)
	var r analysis.Result
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return analysis.Result{}, fmt.Errorf("llm: analysis stopped by the caller: %w", cerr)
		}
		r = a.fallback(off, err, used, time.Since(start))
	} else {
		r = a.result(off, ans, used, time.Since(start))
	}
	// What the model was asked is stored with the analysis, so anyone can read what it was sent.
	r.Meta.Prompt = make([]analysis.PromptMessage, len(msgs))
	for i, m := range msgs {
		r.Meta.Prompt[i] = analysis.PromptMessage{Role: m.Role, Content: m.Content}
	}
	return r, nil
}

// usage adds up the tokens of every request of one analysis.
type usage struct{ prompt, completion int64 }

// add counts one exchange's tokens.
func (u *usage) add(e Exchange) {
	u.prompt += e.PromptTokens
	u.completion += e.CompletionTokens
}

// ask makes the model requests of one analysis: the question, at most one switch to JSON mode when
// the server rejects the schema, and at most one repair of an invalid answer.
func (a *Analyzer) ask(ctx context.Context, in analysis.Input, off analysis.Result, format string, msgs []Message) (answer, usage, error) {
	var used usage
	g := givenContext(in, off)
	lookAlikes := map[string]string{}
	check := func(content string) (answer, error) {
		ans, err := parseAnswer(content, g)
		ans, err = a.checkBasis(in, off, ans, err)
		maps.Copy(lookAlikes, ans.lookAlikes)
		return ans, err
	}

	ex, reply, err := a.complete(ctx, msgs, format, "analyze")
	// Adapt to what the server rejects, each at most once per analysis, in this order because a
	// rejected temperature is also a 400 that schemaRejected would blame on the format.
	if err != nil && a.sendsTemperature() && temperatureRejected(err) {
		a.record(ex, err, &used)
		// The server named the parameter, so there is no doubt; later analyses leave it out.
		a.noTemperature.Store(true)
		ex, reply, err = a.complete(ctx, msgs, format, "analyze (without temperature, which the model rejected)")
	}
	if err != nil && format == OutputJSONSchema && a.cfg.StructuredOutput == OutputAuto && schemaRejected(err) {
		a.record(ex, err, &used)
		format = OutputJSONObject
		msgs = messages(in, off, format)
		ex, reply, err = a.complete(ctx, msgs, format, "analyze (json_object after json_schema was rejected)")
		if err == nil {
			// Only now is the rejection known to be about the format and not the request.
			a.jsonObject.Store(true)
		}
	}
	if err == nil && reply.refusal != "" {
		err = &refusalError{text: reply.refusal}
	}
	if err != nil {
		a.record(ex, err, &used)
		return answer{}, used, err
	}

	ans, err := check(reply.content)
	a.record(ex, err, &used)
	if err == nil {
		return ans, used, nil
	}
	var bad *invalidAnswer
	if !errors.As(err, &bad) {
		return answer{}, used, err
	}

	repair := append(slices.Clone(msgs),
		Message{Role: "assistant", Content: reply.content},
		Message{Role: "user", Content: repairPrompt(bad)})
	ex, reply, err = a.complete(ctx, repair, format, "repair")
	if err == nil && reply.refusal != "" {
		err = &refusalError{text: reply.refusal}
	}
	if err == nil {
		ans, err = check(reply.content)
		if errors.As(err, &bad) {
			err = &repairFailed{invalid: bad}
		}
	}
	a.record(ex, err, &used)
	if err != nil {
		return answer{}, used, err
	}
	// The result shows every look-alike named on the way, the first answer's too, as refused.
	ans.lookAlikes = lookAlikes
	return ans, used, nil
}

// checkBasis runs the alignment check on the fact-check the answer names as its basis, adding to
// err's problems: a fact-check decides a claim only when it states the same claim, so a verdict
// resting on a look-alike is invalid. A basis that cannot be checked (no aligner, review not
// indexed) is kept out of the result's labels: the verdict is then the model's own judgement.
func (a *Analyzer) checkBasis(in analysis.Input, off analysis.Result, ans answer, err error) (answer, error) {
	if ans.basis == "" {
		return ans, err
	}
	var bad *invalidAnswer
	if err != nil && !errors.As(err, &bad) {
		return ans, err
	}
	var problems []string
	if bad != nil {
		problems = bad.problems
	}
	m := off.Matches[ans.basisIndex]
	differs := ""
	if a.cfg.Aligner == nil {
		ans.unchecked = "no alignment check was available to confirm that it states this claim"
	} else {
		lang := off.Language
		if !off.Basis[analysis.FieldLanguage].Assessed && ans.language != "" {
			lang = ans.language
		}
		same, reason, known := a.cfg.Aligner.SameClaim(in.Claim, lang, m.URL)
		switch {
		case !known:
			ans.unchecked = "it is not in the knowledge base index, so it could not be checked against this claim"
		case !same:
			differs = strings.TrimSpace(reason)
			if differs == "" {
				differs = "it states a different claim"
			}
		default:
			ans.aligned = true
		}
	}
	if differs == "" && m.Rejected != "" {
		// The offline guard already found a different claim; an aligner that disagrees (or no
		// aligner at all) is not enough to present its verdict as deciding this one.
		differs, ans.aligned, ans.unchecked = m.Rejected, false, ""
	}
	if differs != "" {
		ans.lookAlikes = map[string]string{m.URL: differs}
		// First, so a fallback reason cut to length still says it.
		problems = append([]string{fmt.Sprintf("%s names %s, a fact-check of a different claim (%s); its verdict does not decide this claim and must not be used",
			fieldBasisFactCheck, truncate(m.URL, 200), truncate(differs, 200))}, problems...)
		return ans, &invalidAnswer{problems: problems, lookAlike: true}
	}
	if m.Verdict != "" && ans.verdict != "" && ans.verdict != m.Verdict {
		problems = append(problems, fmt.Sprintf("verdict %s is not the verdict %s of the fact-check named in %s; a verdict resting on a fact-check is that fact-check's verdict, otherwise set %s to null",
			ans.verdict, m.Verdict, fieldBasisFactCheck, fieldBasisFactCheck))
	}
	if len(problems) > 0 {
		return ans, &invalidAnswer{problems: problems}
	}
	return ans, nil
}

// messages builds the prompt for one response format: JSON mode gets the schema in the system
// message, because the server will not enforce it.
func messages(in analysis.Input, off analysis.Result, format string) []Message {
	sys := systemPrompt()
	if format == OutputJSONObject {
		sys += "\n" + schemaInstruction()
	}
	return []Message{{Role: "system", Content: sys}, {Role: "user", Content: userPrompt(in, off)}}
}

// reply is the useful part of a chat completion.
type reply struct {
	content, refusal string
}

// complete sends one chat completion request (chatClient retries 429/5xx inside it) and returns
// its audit record, which the caller completes with the outcome and stores.
func (a *Analyzer) complete(ctx context.Context, msgs []Message, format, purpose string) (Exchange, reply, error) {
	ex := Exchange{Time: time.Now(), Model: a.cfg.Model, Endpoint: a.endpoint, Purpose: purpose,
		ResponseFormat: format, Messages: msgs}
	req := wireRequest{Model: a.cfg.Model, ResponseFormat: wireResponseFormat{Type: format}}
	for _, m := range msgs {
		req.Messages = append(req.Messages, wireMessage{Content: m.Content, Role: m.Role})
	}
	if a.sendsTemperature() {
		req.Temperature = &a.cfg.Temperature
	}
	if format == OutputJSONSchema {
		req.ResponseFormat.JSONSchema = &wireJSONSchema{
			Name:        schemaName,
			Description: "Claimcheck's assessment of one claim, with a reason per field.",
			Strict:      true,
			Schema:      answerSchema(),
		}
	}

	start := time.Now()
	resp, attempts, err := a.chat.create(ctx, req)
	ex.LatencyMS, ex.Attempts = time.Since(start).Milliseconds(), attempts
	if err != nil {
		var apiErr *statusError
		if errors.As(err, &apiErr) {
			ex.Answer = a.redact(apiErrorText(apiErr))
		}
		return ex, reply{}, &callError{attempts: attempts, err: err}
	}
	ex.PromptTokens, ex.CompletionTokens = resp.Usage.PromptTokens, resp.Usage.CompletionTokens
	if len(resp.Choices) == 0 {
		ex.Answer = a.redact(truncate(resp.raw, 4000))
		return ex, reply{}, errors.New("the server returned no choices")
	}
	msg := resp.Choices[0].Message
	ex.FinishReason = resp.Choices[0].FinishReason
	ex.Answer = msg.Content
	if msg.Refusal != "" {
		ex.Answer = "refusal: " + msg.Refusal
	}
	return ex, reply{content: msg.Content, refusal: msg.Refusal}, nil
}

// record completes an exchange with its outcome, counts its tokens and stores it.
func (a *Analyzer) record(ex Exchange, err error, used *usage) {
	if err != nil {
		ex.Error = a.redact(a.describe(err))
	}
	used.add(ex)
	a.recent.add(ex)
}

// callError is a failed request, with how many HTTP attempts it made.
type callError struct {
	attempts int
	err      error
}

// Error describes the failure.
func (e *callError) Error() string { return e.err.Error() }

// Unwrap exposes the client error (a *statusError, a context or network error).
func (e *callError) Unwrap() error { return e.err }

// refusalError is a model that declined to answer; asking again would not change that.
type refusalError struct{ text string }

// Error quotes the refusal.
func (e *refusalError) Error() string { return "the model refused: " + e.text }

// repairFailed is an answer still invalid after the one repair request.
type repairFailed struct{ invalid *invalidAnswer }

// Error lists what was still wrong.
func (e *repairFailed) Error() string { return e.invalid.Error() }

// Unwrap exposes the validation problems.
func (e *repairFailed) Unwrap() error { return e.invalid }

// sendsTemperature reports whether requests carry the configured temperature.
func (a *Analyzer) sendsTemperature() bool {
	return a.cfg.Temperature >= 0 && !a.noTemperature.Load()
}

// temperatureRejected reports whether the server refused the temperature parameter.
func temperatureRejected(err error) bool {
	var apiErr *statusError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest {
		return false
	}
	return apiErr.Param == "temperature" || strings.Contains(strings.ToLower(apiErr.Message), "temperature")
}

// schemaRejected reports whether an error looks like a server refusing response_format
// json_schema: a 400/415/422/501, or any error whose message names the response format. A wrong
// guess costs one JSON-mode request and is not remembered unless that request succeeds.
func schemaRejected(err error) bool {
	var apiErr *statusError
	if !errors.As(err, &apiErr) {
		return false
	}
	switch apiErr.StatusCode {
	case http.StatusBadRequest, http.StatusUnsupportedMediaType, http.StatusUnprocessableEntity, http.StatusNotImplemented:
		return true
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusTooManyRequests:
		return false
	}
	msg := strings.ToLower(apiErrorText(apiErr))
	return strings.Contains(msg, "response_format") || strings.Contains(msg, "json_schema")
}

// apiErrorText is the server's error message, or its raw body when it sent no OpenAI error shape.
func apiErrorText(e *statusError) string {
	if e.Message != "" {
		return truncate(e.Message, 1000)
	}
	return truncate(strings.TrimSpace(e.Body), 1000)
}

// describe says in a few words why the model gave no valid answer, for Meta.Fallback and Recent.
func (a *Analyzer) describe(err error) string {
	var (
		apiErr  *statusError
		call    *callError
		refusal *refusalError
		repair  *repairFailed
		invalid *invalidAnswer
	)
	attempts := ""
	if errors.As(err, &call) && call.attempts > 1 {
		attempts = fmt.Sprintf(" after %d attempts", call.attempts)
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Sprintf("llm timeout after %s", a.cfg.Timeout)
	case errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusTooManyRequests:
		return fmt.Sprintf("llm rate-limited (HTTP 429%s)", attempts)
	case errors.As(err, &apiErr) && apiErr.StatusCode >= 500:
		return fmt.Sprintf("llm server error (HTTP %d%s)", apiErr.StatusCode, attempts)
	case errors.As(err, &apiErr):
		// Only the status: the server's message can quote a masked key or internal names, and
		// this text reaches the claim page; the message itself is in Recent.
		return fmt.Sprintf("llm request rejected (HTTP %d %s)", apiErr.StatusCode, http.StatusText(apiErr.StatusCode))
	case errors.As(err, &refusal):
		return "llm refused to answer (" + truncate(refusal.text, 200) + ")"
	case errors.As(err, &repair):
		return "llm answer invalid after one repair attempt (" + truncate(repair.Error(), 300) + ")"
	case errors.As(err, &invalid):
		return "llm answer invalid (" + truncate(invalid.Error(), 300) + ")"
	case call != nil:
		return fmt.Sprintf("llm unreachable%s (%s)", attempts, networkCause(call.err))
	default:
		return "llm failed (" + truncate(err.Error(), 200) + ")"
	}
}

// networkCause names a connection failure without the endpoint's address, which is internal
// detail that should not reach the claim page (Recent records the endpoint for admins).
func networkCause(err error) string {
	var dns *net.DNSError
	var op *net.OpError
	var ne net.Error
	switch {
	case errors.As(err, &dns):
		return "DNS lookup failed: " + dns.Err
	case errors.As(err, &op):
		return truncate(op.Op+": "+op.Err.Error(), 200)
	case errors.As(err, &ne) && ne.Timeout():
		return "network timeout"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return truncate(ue.Err.Error(), 200)
	}
	return truncate(err.Error(), 200)
}

// redact removes the API key from text that is stored or shown; servers echo odd things back.
func (a *Analyzer) redact(s string) string {
	if a.cfg.APIKey == "" {
		return s
	}
	return strings.ReplaceAll(s, a.cfg.APIKey, "[redacted]")
}

// result builds the stored analysis from a validated answer. The model sets the verdict, the
// scores it can judge, the summary, category and query; source_score keeps the measured domain
// rating and its basis (a model's memory of a site is no better basis than the published
// ratings, and an unrated site stays "not assessed"); language, domain and matches stay offline's.
func (a *Analyzer) result(off analysis.Result, ans answer, used usage, took time.Duration) analysis.Result {
	r := off
	r.Score, r.Verdict, r.Summary = ans.score, ans.verdict, ans.summary
	r.ScienceScore, r.AcademicScore, r.PublicScore = ans.scienceScore, ans.academicScore, ans.publicScore
	r.Category, r.EnQuery = ans.category, ans.enQuery
	for _, f := range reasonFields {
		if f == analysis.FieldSourceScore {
			continue
		}
		r.Basis[f] = analysis.FieldBasis{Assessed: true, Method: MethodLLM, Detail: a.cfg.Model + ": " + ans.reasons[f]}
	}
	r.Basis[analysis.FieldVerdict] = a.verdictBasis(off, ans)
	// A match is Confident only when it decided the verdict: here, the aligned fact-check the model
	// named. Look-alikes it named are shown as refused, with the part that differs.
	for i := range r.Matches {
		m := &r.Matches[i]
		m.Confident = ans.aligned && i == ans.basisIndex
		if m.Confident {
			m.Rejected = ""
		} else if why, ok := ans.lookAlikes[m.URL]; ok && m.Rejected == "" {
			m.Rejected = why
		}
	}
	if !off.Basis[analysis.FieldLanguage].Assessed {
		// The offline detector could not decide; the model read the claim and could.
		r.Language = ans.language
		r.Basis[analysis.FieldLanguage] = analysis.FieldBasis{Assessed: true, Method: MethodLLM,
			Detail: a.cfg.Model + ": language named by the model; the offline detector could not decide."}
	}
	r.Analyzer, r.Version = Name, a.Version()
	r.Meta = analysis.Meta{Model: a.cfg.Model, LatencyMS: took.Milliseconds(), PromptTokens: used.prompt,
		CompletionTokens: used.completion, Evidence: off.Meta.Evidence}
	return r
}

// verdictBasis labels the verdict for what it rests on: an earlier fact-check that states the same
// claim, or the model's own judgement, which is never presented as a published review.
func (a *Analyzer) verdictBasis(off analysis.Result, ans answer) analysis.FieldBasis {
	model, reason := a.cfg.Model, ans.reasons[analysis.FieldVerdict]
	if ans.aligned {
		m := off.Matches[ans.basisIndex]
		by := ""
		if m.Publisher != "" {
			by = " by " + m.Publisher
		}
		rated := ""
		if m.TextualRating != "" {
			rated = fmt.Sprintf(", rated %q", m.TextualRating)
		}
		return analysis.FieldBasis{Assessed: true, Method: MethodLLMFactCheck, Detail: fmt.Sprintf(
			"Verdict of the earlier fact-check%s%s (%s), which the alignment check confirmed states this same claim; %s based its verdict on it. %s: %s",
			by, rated, m.URL, model, model, reason)}
	}
	var why string
	switch {
	case ans.basis != "":
		why = fmt.Sprintf("the model named the earlier fact-check %s as its basis, but %s, so the verdict is not presented as resting on it.", ans.basis, ans.unchecked)
	case hasConfident(off.Matches):
		why = "the model did not base its verdict on an earlier fact-check."
	default:
		why = "no earlier fact-check in the knowledge base states this claim."
	}
	return analysis.FieldBasis{Assessed: true, Method: MethodLLMJudgement, Detail: fmt.Sprintf(
		"%s's own assessment, not an earlier fact-check's: %s %s: %s", model, why, model, reason)}
}

// hasConfident reports whether the offline matcher found a fact-check stating the claim.
func hasConfident(ms []analysis.Match) bool {
	for _, m := range ms {
		if m.Confident {
			return true
		}
	}
	return false
}

// fallback returns the offline result, saying in Meta, the verdict basis and the summary that the
// model failed and why. Analyzer and Version stay the offline analyzer's, because it produced every
// field; Meta still records the model asked and the tokens spent, which were billed.
func (a *Analyzer) fallback(off analysis.Result, err error, used usage, took time.Duration) analysis.Result {
	why := a.redact(a.describe(err))
	r := off
	r.Meta = analysis.Meta{Model: a.cfg.Model, LatencyMS: took.Milliseconds(), PromptTokens: used.prompt,
		CompletionTokens: used.completion, Fallback: why + "; offline analyzer answered", Evidence: off.Meta.Evidence}
	note := "The LLM analyzer failed (" + why + "), so the offline analyzer answered. "
	vb := r.Basis[analysis.FieldVerdict]
	vb.Detail = note + vb.Detail
	r.Basis[analysis.FieldVerdict] = vb
	sb := r.Basis[analysis.FieldSummary]
	sb.Detail = note + sb.Detail
	r.Basis[analysis.FieldSummary] = sb
	r.Summary = "The language model did not answer (" + why + "); this is the offline analysis. " + r.Summary
	return r
}

// cloneResult copies the maps and slices of a result, so changing ours cannot change what the
// offline analyzer may share between calls.
func cloneResult(r analysis.Result) analysis.Result {
	r.Basis = maps.Clone(r.Basis)
	if r.Basis == nil {
		r.Basis = map[string]analysis.FieldBasis{}
	}
	r.Matches = slices.Clone(r.Matches)
	r.Evidence = slices.Clone(r.Evidence)
	r.Meta.Evidence = slices.Clone(r.Meta.Evidence)
	return r
}

// givenContext is what the prompt gave the model: the URLs the answer may cite and no others, and
// the fact-checks (the first matches, as userPrompt lists them) it may name as its basis.
func givenContext(in analysis.Input, off analysis.Result) given {
	var g given
	if s := strings.TrimSpace(in.SourceURL); s != "" {
		g.urls = append(g.urls, s)
	}
	g.factChecks = off.Matches[:min(len(off.Matches), maxPromptMatches)]
	for _, m := range g.factChecks {
		if m.URL != "" {
			g.urls = append(g.urls, m.URL)
		}
	}
	for i, e := range off.Evidence {
		if i < maxPromptEvidence && e.URL != "" {
			g.urls = append(g.urls, e.URL)
		}
	}
	return g
}
