/** The whole stylesheet: small, no build, served by the api (no CDN). */
export const DASHBOARD_CSS =
  `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f7f9}
a{color:#0b57d0}
a:focus,button:focus,input:focus,select:focus{outline:3px solid #f59e0b;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{left:.5rem}
.top{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between;padding:.75rem ` +
  `1rem;background:#102a43;color:#fff}
.brand{font-weight:700}
.mode-badge{display:inline-block;margin-left:.5rem;padding:.1rem ` +
  `.5rem;border-radius:.25rem;background:#fde68a;color:#1a1a1a;font-size:.8rem}
.mode-live .mode-badge{background:#b91c1c;color:#fff}
.mode-live .top{border-bottom:4px solid #b91c1c}
.who{margin-right:.5rem}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;margin:0;padding:.5rem ` +
  `1rem;background:#fff;border-bottom:1px solid #d0d7de}
nav a{display:block;padding:.4rem .6rem;border-radius:.25rem;text-decoration:none}
nav a[aria-current=page]{background:#102a43;color:#fff}
main{max-width:70rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
section,.card{background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;margin-bottom:1rem}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
.table-wrap{overflow-x:auto}
form.inline{display:inline}
label{display:block;font-weight:600;margin:.5rem 0 .2rem}
input[type=text],input[type=email],input[type=password],input[type=url],input[type=number],` +
  `input[type=datetime-local],input[type=search],input[type=date],input[type=file],select,textarea{width:100%;` +
  `max-width:28rem;padding:.45rem;border:1px solid #6b7280;border-radius:.25rem;font:inherit}
fieldset{border:1px solid #d0d7de;border-radius:.25rem;margin:.5rem 0;padding:.5rem}
fieldset label{display:inline;font-weight:400;margin-right:1rem}
button{font:inherit;padding:.45rem .9rem;border:1px solid ` +
  `#102a43;border-radius:.25rem;background:#102a43;color:#fff;cursor:pointer;margin:.25rem 0}
button.secondary{background:#fff;color:#102a43}
button.danger{background:#b91c1c;border-color:#b91c1c}
.top button{background:#fff;color:#102a43}
.notice{background:#ecfdf5;border:1px solid #047857;padding:.5rem;border-radius:.25rem}
.error{background:#fef2f2;border:1px solid #b91c1c;padding:.5rem;border-radius:.25rem}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:#fffbeb;border:1px solid ` +
  `#92400e;padding:.5rem;border-radius:.25rem}
.muted{color:#4b5563}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:1rem}
.figure{font-size:1.4rem;font-weight:700;font-variant-numeric:tabular-nums}
code{font-family:ui-monospace,monospace;word-break:break-all}
pre{white-space:pre-wrap;overflow-wrap:anywhere;max-width:100%}
svg.chart{width:100%;height:auto;max-width:48rem}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 ` +
  `0);white-space:nowrap;border:0}
.filter-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:.25rem 1rem}
.filter-grid input,.filter-grid select{max-width:none}
.filter-grid small{display:block}
.pager{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;margin:.5rem 0}
.pager p{margin:0}
.button-link{display:inline-block;padding:.45rem .9rem;border:1px solid ` +
  `#102a43;border-radius:.25rem;background:#fff;color:#102a43;text-decoration:none;margin:.25rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem}
.copy-row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.copy-row input{flex:1 1 14rem}
dl.fields,dl.summary{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.3rem 1rem;margin:0}
dl.fields dt,dl.summary dt{font-weight:600;color:#374151}
dl.fields dd,dl.summary dd{margin:0;overflow-wrap:anywhere}
.status{display:inline-block;padding:0 .4rem;border-radius:.25rem;background:#e5e7eb;font-size:.85rem;font-weight:600}
.status-paid,.status-settled,.status-completed,.status-succeeded,.status-captured,.status-active{background:#d1fae5;` +
  `color:#065f46}
.status-failed,.status-expired,.status-stopped,.status-reversed,.status-inactive{background:#fee2e2;color:#991b1b}
.status-pending,.status-paused,.status-authorized{background:#fef3c7;color:#92400e}
.amount{font-variant-numeric:tabular-nums;white-space:nowrap}
table.list td{overflow-wrap:anywhere}
@media (max-width:40rem){
table.list thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.list,table.list tbody,table.list tr,table.list td{display:block;width:100%}
table.list tr{border:1px solid #d0d7de;border-radius:.5rem;margin:0 0 .75rem;padding:.25rem .5rem;background:#fff}
table.list td{display:grid;grid-template-columns:7.5rem 1fr;gap:.5rem;border:0;padding:.2rem 0}
table.list td::before{content:attr(data-label);font-weight:600;color:#374151}
}
.preview-error td{background:#fef2f2}
.row-error{color:#991b1b}
figure{margin:0}
.chart-box{position:relative;width:100%;max-width:56rem;min-height:16rem}
.tiles .figure{overflow-wrap:anywhere}
legend{font-weight:600}
@media (max-width:40rem){.top{flex-direction:column;align-items:flex-start}th,td{font-size:.9rem}dl.fields,` +
  `dl.summary{grid-template-columns:1fr}}
`;
