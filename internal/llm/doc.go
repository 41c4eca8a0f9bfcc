// Package llm is Claimcheck's LLM analyzer (docs/DECISIONS.md §3): it asks any OpenAI-compatible chat
// completions endpoint to assess a claim, giving it the offline analyzer's findings (language,
// source rating, category guess, English query and the knowledge-base fact-checks that came close)
// as context, and stores the answer only after validating every field. When the model cannot give
// a valid answer in time, the offline analysis is returned instead and marked as a fallback, so a
// claim is never left unanswered and never stored with a half-checked model answer.
//
// # Configuration
//
// The service selects this analyzer with CLAIMCHECK_ANALYZER=llm (or ANALYZER=llm) and reads:
//
//	LLM_BASE_URL           API base URL (default https://api.openai.com/v1)
//	LLM_MODEL              model name, or the Azure deployment name (required)
//	LLM_API_KEY            API key; leave empty for local servers that need none
//	LLM_TIMEOUT            budget for the whole model step: every attempt, retry wait and repair (default 30s)
//	LLM_MAX_RETRIES        retries of 408/409/429/5xx and connection errors, with backoff (default 2)
//	LLM_STRUCTURED_OUTPUT  auto (default), json_schema or json_object
//
// # Endpoints
//
// OpenAI:
//
//	LLM_BASE_URL=https://api.openai.com/v1  LLM_MODEL=gpt-4o-mini  LLM_API_KEY=sk-…
//
// Azure OpenAI, v1 API (the key is sent in the api-key header for *.azure.com hosts):
//
//	LLM_BASE_URL=https://RESOURCE.openai.azure.com/openai/v1  LLM_MODEL=DEPLOYMENT  LLM_API_KEY=…
//
// Azure OpenAI, deployment URL with an API version (the query string is sent with every request):
//
//	LLM_BASE_URL='https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT?api-version=2024-10-21'
//
// vLLM (structured output through its guided decoding):
//
//	LLM_BASE_URL=http://localhost:8000/v1  LLM_MODEL=Qwen/Qwen2.5-7B-Instruct
//
// Ollama:
//
//	LLM_BASE_URL=http://localhost:11434/v1  LLM_MODEL=llama3.1:8b
//
// llama.cpp server (llama-server):
//
//	LLM_BASE_URL=http://localhost:8080/v1  LLM_MODEL=local
//
// # Structured output
//
// "auto" first asks for a strict JSON schema (response_format json_schema). A server that rejects
// that with 400/415/422 (older vLLM, llama.cpp, Ollama builds) is asked again in plain JSON mode
// (response_format json_object, with the schema spelled out in the prompt); once JSON mode has
// worked, this process keeps using it, so each later claim costs one request instead of two. A
// restart tries the schema again, which picks up a server upgrade. "json_schema" and "json_object"
// pin one mode. Either way the answer is validated here: the server's schema support is a help,
// never a guarantee.
//
// # What the verdict rests on
//
// A fact-check decides a claim only when it states the same claim; one about a different subject,
// object, person or number decides nothing, and a wrong verdict stated confidently does more harm
// than an honest "not enough evidence". So the answer names, in basis_fact_check, the earlier
// fact-check its verdict rests on (the URL of one of those the prompt listed) or null. A named
// fact-check goes through Config.Aligner, the same alignment check the knowledge-base matcher
// uses; a look-alike (or one the offline guard already refused) makes the answer invalid, the
// model is told which part differs and asked once more, and if it still rests on a look-alike the
// offline analysis answers, with the reason in Meta.Fallback. The verdict's basis method says what
// the verdict is: MethodLLMFactCheck when it rests on an aligned fact-check (the only match then
// marked Confident), MethodLLMJudgement when it is the model's own assessment, which includes a
// named fact-check nothing could check (no aligner, or a review missing from the index).
//
// The API key never appears in Recent, in Meta or in fallback reasons. No environment variable
// (OPENAI_API_KEY, OPENAI_BASE_URL, …) is read, so a key meant for api.openai.com is never sent to
// a local or third-party server, and a redirect to another origin is refused rather than followed
// with the key.
//
// # HTTP client
//
// The requests are made by client.go with net/http, not by an SDK, because of what an SDK costs
// in memory (issue 16: resident memory under load below 100 MB, most of it the executable's
// file-backed pages). The official github.com/openai/openai-go registers the types of every
// OpenAI API when the program starts, so all of them are linked: about 26 MB of a 108 MB binary,
// for the one request this package makes. github.com/sashabaranov/go-openai is small but cannot
// send temperature 0 (a float32 field with omitempty, so the server's default of 1 applies),
// always adds "stream": false, rejects some model names before sending (which would skip the
// server-driven temperature fallback above), and keeps response headers such as Retry-After out of
// its errors. client.go sends byte for byte the body the official SDK sent and retries by the
// same rules: 408, 409, 429, 5xx and connection errors, x-should-retry, Retry-After-Ms and
// Retry-After honoured, exponential backoff from 0.5 s with jitter, and no retry when the server
// asks to wait longer than LLM_TIMEOUT.
package llm
