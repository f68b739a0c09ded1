"""A picked file too large to import is refused by its size before the browser reads it (issue 48 N6).

Flet's file picker (``PickFiles(..., with_data=True)``) reads the whole file in the browser and sends every byte to
Python before the app sees its size: a 50 MB file froze the page for 38–84 s with nothing on screen, and only then
came the refusal. The picker's web plugin makes an ``<input type="file">`` outside the page and calls its
``click()``; this script, put into ``index.html`` of the served app and of the phone app, gives each such input a
listener that runs before the plugin's (a capturing listener runs first at its target) and, when a file is over the
limit, puts in its place a few bytes naming the real size (``{mark: size}``). The import then refuses those with
the limit, in the phone's language, without anything large being read.
"""

from __future__ import annotations

import json

_SCRIPT = """<script>(function(){var MAX=%(max)d,MARK=%(mark)s,click=HTMLInputElement.prototype.click;
function sized(e){var input=e.target,files=input.files,big=null,k;if(!files)return;
for(k=0;k<files.length;k++)if(files[k].size>MAX)big=files[k];if(!big)return;
try{var d=new DataTransfer(),said={};said[MARK]=big.size;
d.items.add(new File([JSON.stringify(said)],big.name,{type:'application/json'}));input.files=d.files;}catch(x){}}
HTMLInputElement.prototype.click=function(){if(this.type==='file'&&!this.companionSized){this.companionSized=true;
this.addEventListener('change',sized,true);}return click.apply(this,arguments);};
})();</script>"""


def page_script(max_bytes: int, mark: str) -> str:
    """The ``<script>`` for ``index.html``: a picked file over ``max_bytes`` becomes ``{mark: its size}``."""
    return _SCRIPT % {"max": max_bytes, "mark": json.dumps(mark)}
