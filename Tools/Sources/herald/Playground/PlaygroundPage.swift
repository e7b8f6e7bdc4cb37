/// The playground's page: an editor on the left; on the right the picture `herald preview
/// --html` draws, the device payload, the APNs headers, the `herald send` command, the lint
/// findings and the decisions, redrawn from `POST /preview` as the developer types.
struct PlaygroundPage {
    /// A payload the page offers in its Example menu: one of the files of the folder given.
    struct Example: Sendable {
        /// The file's name.
        var name: String
        var text: String
    }

    /// The editor's text when the page opens.
    var payload: String
    /// Where it came from: a file's name, or "a sample".
    var payloadName: String
    /// The menu's payloads, the first in the editor; none for a single payload.
    var examples: [Example] = []
    /// The layout menu's names; "" is "detect".
    var layouts: [String]
    /// The menu's choice when the page opens.
    var selectedLayout: String
    var language: String
    /// The path the page and its requests live under: `/TOKEN/`.
    var base: String

    /// Scripts only from the playground itself, requests only to it, images only inline; no
    /// frame may hold the page.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    var html: String {
        let options = layouts.map { name in
            "<option value=\"\(HTMLText.escape(name))\"\(name == selectedLayout ? " selected" : "")>\(name.isEmpty ? "detect" : HTMLText.escape(name))</option>"
        }.joined()
        // Each example's text rides in its option, escaped as the editor's is.
        let exampleMenu = examples.isEmpty ? "" : "<label>Example <select id=\"example\">" + examples.map { example in
            "<option data-payload=\"\(HTMLText.escape(example.text))\">\(HTMLText.escape(example.name))</option>"
        }.joined() + "</select></label>"
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Herald playground</title>
            <style>\(PreviewPage.style)\(Self.style)</style>
            <script src="\(HTMLText.escape(base))playground.js" defer></script>
            </head>
            <body>
            <header><h1>Herald playground</h1><p>Paste or edit a payload: a device payload (what iOS hands the extension), or the request \
            body your backend posts to OneSignal, FCM v1 or Expo. Everything below updates as you type.</p></header>
            <main class="playground">
            <section class="editor">
            <div class="controls">
            \(exampleMenu)<label>Layout <select id="layout">\(options)</select></label>
            <label>Language <input id="language" value="\(HTMLText.escape(language))" size="5" spellcheck="false"></label>
            <span id="status" role="status"></span>
            </div>
            <p class="source" id="source">Started from \(HTMLText.escape(payloadName)).</p>
            <textarea id="payload" spellcheck="false" autocomplete="off" aria-label="payload">\(HTMLText.escape(payload))</textarea>
            <p id="error" role="alert" hidden></p>
            </section>
            <section class="result" id="result">
            <p id="summary"></p>
            <div id="picture"></div>
            <h2>Lint: <span id="lint-summary"></span></h2>
            <ul id="lint" class="lint"></ul>
            <h2>Device payload</h2>
            <p class="hint" id="device-hint"></p>
            <pre id="device"></pre>
            <h2>APNs headers</h2>
            <pre id="headers"></pre>
            <h2>Send it <button id="copy" type="button">Copy</button></h2>
            <p class="hint">Put in your key, ids, bundle id and a device token. As written it only shows the request \
            (<code>--dry-run</code>): delete that line to send for real.<span id="send-note"></span></p>
            <p class="warning" id="send-warning" hidden>Lint found errors: APNs or the phone will refuse this payload as it is.</p>
            <pre id="send"></pre>
            <h2>Decisions</h2>
            <ul id="decisions" class="decisions"></ul>
            </section>
            </main>
            \(PreviewPage.notes)
            </body>
            </html>

            """
    }

    /// The playground's own layout, after the picture's style.
    static let style = """
        .playground { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
        .editor { flex: 1 1 360px; min-width: 0; max-width: 100%; }
        .result { flex: 100 1 420px; min-width: 0; font-size: 14px; }
        .screen { max-width: 100%; }
        .warning { color: #b9770e; font-size: 13px; margin: 0 0 6px; }
        .controls { display: flex; gap: 16px; align-items: center; margin-bottom: 6px; font-size: 14px; }
        .source, .hint { margin: 0 0 6px; color: #555; font-size: 13px; }
        #payload { width: 100%; box-sizing: border-box; min-height: 12em; max-height: 80vh; font: 13px/1.45 ui-monospace, Menlo, Consolas, monospace;
          padding: 10px; border: 1px solid #c7c7cc; border-radius: 8px; resize: vertical; tab-size: 2; }
        #error { color: #c0392b; font-size: 14px; margin: 6px 0; white-space: pre-wrap; }
        #status { color: #555; font-size: 13px; }
        .stale #result { opacity: 0.45; }
        .result h2 { font-size: 15px; margin: 18px 0 6px; }
        .result pre { background: #fff; border: 1px solid #d1d1d6; border-radius: 8px; padding: 10px; overflow: auto; max-height: 320px;
          font: 12px/1.45 ui-monospace, Menlo, Consolas, monospace; margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .result ul { padding-left: 20px; margin: 0; }
        .result code { font-size: 12px; background: #e5e5ea; padding: 1px 4px; border-radius: 4px; }
        #copy { font-size: 12px; margin-left: 8px; }
        """

    /// Posts the editor's text 200 ms after the last keystroke, beside the script itself (under
    /// the token), and draws the answer; an answer to an older text than the newest sent is dropped. Every value is set as text, except
    /// the picture, which the playground built with everything from the payload escaped.
    static let script = """
        'use strict';
        (() => {
          const $ = (id) => document.getElementById(id);
          const editor = $('payload'), layout = $('layout'), language = $('language');
          // /TOKEN/preview: every request carries the token of the address the page came from.
          const previewURL = new URL('preview', document.currentScript.src);
          let sent = 0, timer = null;

          const list = (element, items, line) => {
            element.replaceChildren(...items.map((item) => {
              const entry = document.createElement('li');
              line(entry, item);
              return entry;
            }));
          };
          const code = (text) => { const element = document.createElement('code'); element.textContent = text; return element; };

          const showError = (text) => {
            $('error').textContent = text;
            $('error').hidden = false;
            document.body.classList.add('stale');
          };

          const draw = (answer) => {
            $('error').hidden = true;
            document.body.classList.remove('stale');
            $('summary').textContent = answer.summary;
            $('picture').innerHTML = answer.picture;
            $('device').textContent = answer.devicePayload;
            $('device-hint').textContent = answer.provider
              ? 'What the phone receives (userInfo), converted from this ' + answer.provider + ' request as the provider converts it.'
              : 'The editor holds a device payload: the phone receives it as it is.';
            $('device').hidden = !answer.provider;
            const headers = Object.entries(answer.headers);
            $('headers').textContent = headers.length ? headers.map(([name, value]) => name + ': ' + value).join('\\n') : '(none set by the request: APNs defaults)';
            $('send').textContent = answer.sendCommand;
            $('send-note').textContent = answer.provider
              ? ' This sends the converted payload straight to APNs, not through the ' + answer.provider + '; values the provider fills in (shown in brackets) go as they are.'
              : '';
            $('send-warning').hidden = !answer.lint.some((finding) => finding.severity === 'error');
            $('lint-summary').textContent = answer.lintSummary;
            list($('lint'), answer.lint, (entry, finding) => {
              entry.className = finding.severity;
              const severity = document.createElement('strong');
              severity.textContent = finding.severity;
              entry.append(severity, ' ', code(finding.rule), ' ', finding.message);
            });
            list($('decisions'), answer.decisions, (entry, decision) => entry.append(code(decision.code), ' ', decision.message));
          };

          const update = async () => {
            const mine = ++sent;
            $('status').textContent = 'updating…';
            let answer;
            try {
              const response = await fetch(previewURL, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ payload: editor.value, layout: layout.value, language: language.value }),
              });
              // A refusal (a body over the cap, say) is plain text: its words are the error.
              answer = (response.headers.get('Content-Type') || '').startsWith('application/json')
                ? await response.json() : { error: { message: (await response.text()).trim() } };
            } catch (error) {
              if (mine === sent) {
                $('status').textContent = '';
                showError('The playground does not answer: is herald playground still running?');
              }
              return;
            }
            if (mine !== sent) return;
            $('status').textContent = '';
            if (answer.error) {
              const where = answer.error.line ? 'Line ' + answer.error.line + ', column ' + answer.error.column + ': ' : '';
              showError(where + answer.error.message);
            } else {
              draw(answer);
            }
          };

          // The editor grows with its text, up to most of the window.
          const fit = () => { editor.style.height = 'auto'; editor.style.height = (editor.scrollHeight + 4) + 'px'; };
          editor.addEventListener('input', () => {
            fit();
            $('source').textContent = 'Edited here; ' + $('source').dataset.first;
          });
          $('source').dataset.first = $('source').textContent.replace(/^Started/, 'started');
          fit();

          // The Example menu (a folder given): each choice loads its file, or what was typed
          // over it since.
          const example = $('example');
          if (example) {
            const typed = new Map();
            let shown = example.selectedIndex;
            example.addEventListener('change', () => {
              typed.set(shown, editor.value);
              shown = example.selectedIndex;
              const option = example.options[shown];
              const first = option.dataset.payload;
              editor.value = typed.has(shown) ? typed.get(shown) : first;
              $('source').dataset.first = 'started from ' + option.textContent + '.';
              $('source').textContent = editor.value === first ? 'Started from ' + option.textContent + '.' : 'Edited here; ' + $('source').dataset.first;
              fit();
              update();
            });
          }

          const schedule = () => { clearTimeout(timer); timer = setTimeout(update, 200); };
          editor.addEventListener('input', schedule);
          language.addEventListener('input', schedule);
          layout.addEventListener('change', update);
          editor.addEventListener('keydown', (event) => {
            if (event.key !== 'Tab' || event.shiftKey) return;
            event.preventDefault();
            editor.setRangeText('  ', editor.selectionStart, editor.selectionEnd, 'end');
            schedule();
          });
          $('copy').addEventListener('click', async () => {
            try {
              await navigator.clipboard.writeText($('send').textContent);
              $('status').textContent = 'copied';
            } catch (error) {
              getSelection().selectAllChildren($('send'));
              $('status').textContent = 'selected: copy it with your keyboard';
            }
          });
          update();
        })();
        """
}
