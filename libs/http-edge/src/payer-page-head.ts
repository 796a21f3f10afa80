/**
 * How the payer's HTML pages begin (3DS, eWallet checkout): HTML5, English, UTF-8 and a viewport for
 * phones. Each page goes on with its own head (title, style) and closes it.
 */
export const PAYER_PAGE_HEAD_START = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">`;
