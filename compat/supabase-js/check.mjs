// Drives the unmodified supabase-js client against a Claimcheck server and prints what it got back
// as one JSON object, for internal/app/supabasejs_test.go to assert on.
// Usage: node check.mjs PACKAGE BASE_URL API_KEY, PACKAGE being @supabase/supabase-js or supabase-js-2-45.
const [, , pkg, url, key] = process.argv
const { createClient } = await import(pkg)

// Node 20 has no native WebSocket, which current supabase-js wants for its realtime client even
// though this script never opens a channel; a stand-in transport keeps the client constructible.
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by this check')
  }
}
const opts = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: globalThis.WebSocket ?? NoWebSocket },
}
const sb = createClient(url, key, opts)
const out = {}

const fnError = async (error) => {
  if (!error) return null
  const res = error.context
  return { name: error.name, status: res?.status, body: res && typeof res.json === 'function' ? await res.json() : null }
}

let r = await sb.functions.invoke('quick-responder', {
  body: { claim: 'Aşılar otizme neden olur', source_url: 'https://www.reuters.com/health/x' },
})
out.invoke = { data: r.data, error: await fnError(r.error) }
const id = r.data?.id

r = await sb.functions.invoke('quick-responder', { body: { source_url: 'https://www.bbc.com/news' } })
out.invokeMissingClaim = { data: r.data, error: await fnError(r.error) }

r = await sb.functions.invoke('quick-responder', { body: { claim: 'Second claim about the economy and inflation' } })
out.invokeSecond = { data: r.data, error: await fnError(r.error) }

out.fetchOne = await sb.from('claims').select('*').eq('id', id)
out.single = await sb.from('claims').select().eq('id', id).single()
out.singleNone = await sb.from('claims').select().eq('id', '00000000-0000-0000-0000-000000000000').single()
out.maybeSingle = await sb.from('claims').select('id, content').eq('id', id).maybeSingle()
out.maybeSingleNone = await sb.from('claims').select().eq('id', '00000000-0000-0000-0000-000000000000').maybeSingle()
out.list = await sb
  .from('claims')
  .select('id, content, ai_verdict, ai_score, category', { count: 'exact' })
  .order('created_at', { ascending: false })
  .limit(5)
out.range = await sb.from('claims').select('id', { count: 'exact' }).order('created_at', { ascending: true }).range(1, 1)
out.head = await sb.from('claims').select('*', { count: 'exact', head: true })
out.filters = await sb
  .from('claims')
  .select('id, category')
  .in('category', ['health', 'economy'])
  .ilike('content', '%aşı%')
  .gte('ai_score', 0)
  .not('source_url', 'is', null)
out.or = await sb.from('claims').select('id').or('category.eq.health,category.eq.economy').order('created_at')
out.badColumn = await sb.from('claims').select('nope')
out.badUUID = await sb.from('claims').select().eq('id', 'not-a-uuid')
out.badTable = await sb.from('posts').select()

const bad = createClient(url, 'cc_live_' + 'A'.repeat(43), opts)
out.badKeyRead = await bad.from('claims').select()
r = await bad.functions.invoke('quick-responder', { body: { claim: 'x' } })
out.badKeyInvoke = { data: r.data, error: await fnError(r.error) }

console.log(JSON.stringify(out))
