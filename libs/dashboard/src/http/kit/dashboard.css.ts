/** The whole stylesheet: small, no build, served by the api (no CDN). */
export const DASHBOARD_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f7f9}
a{color:#0b57d0}
a:focus,button:focus,input:focus,select:focus{outline:3px solid #f59e0b;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{left:.5rem}
.top{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;background:#102a43;color:#fff}
.brand{font-weight:700}
.mode-badge{display:inline-block;margin-left:.5rem;padding:.1rem .5rem;border-radius:.25rem;background:#fde68a;color:#1a1a1a;font-size:.8rem}
.mode-live .mode-badge{background:#b91c1c;color:#fff}
.mode-live .top{border-bottom:4px solid #b91c1c}
.who{margin-right:.5rem}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;margin:0;padding:.5rem 1rem;background:#fff;border-bottom:1px solid #d0d7de}
nav a{display:block;padding:.4rem .6rem;border-radius:.25rem;text-decoration:none}
nav a[aria-current=page]{background:#102a43;color:#fff}
main{max-width:70rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
section,.card{background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;margin-bottom:1rem}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
.table-wrap{overflow-x:auto}
form.inline{display:inline}
label{display:block;font-weight:600;margin:.5rem 0 .2rem}
input[type=text],input[type=email],input[type=password],input[type=url],input[type=number],input[type=datetime-local],select,textarea{width:100%;max-width:28rem;padding:.45rem;border:1px solid #6b7280;border-radius:.25rem;font:inherit}
fieldset{border:1px solid #d0d7de;border-radius:.25rem;margin:.5rem 0;padding:.5rem}
fieldset label{display:inline;font-weight:400;margin-right:1rem}
button{font:inherit;padding:.45rem .9rem;border:1px solid #102a43;border-radius:.25rem;background:#102a43;color:#fff;cursor:pointer;margin:.25rem 0}
button.secondary{background:#fff;color:#102a43}
button.danger{background:#b91c1c;border-color:#b91c1c}
.top button{background:#fff;color:#102a43}
.notice{background:#ecfdf5;border:1px solid #047857;padding:.5rem;border-radius:.25rem}
.error{background:#fef2f2;border:1px solid #b91c1c;padding:.5rem;border-radius:.25rem}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:#fffbeb;border:1px solid #92400e;padding:.5rem;border-radius:.25rem}
.muted{color:#4b5563}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:1rem}
.figure{font-size:1.4rem;font-weight:700;font-variant-numeric:tabular-nums}
code{font-family:ui-monospace,monospace;word-break:break-all}
svg.chart{width:100%;height:auto;max-width:48rem}
@media (max-width:40rem){.top{flex-direction:column;align-items:flex-start}th,td{font-size:.9rem}}
`;
