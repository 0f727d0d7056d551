import json
def q(v):
    # single quotes unless the text holds one
    return "'" + v + "'" if "'" not in v else json.dumps(v, ensure_ascii=False)
def add(entries):
    for i, f in enumerate(['en','fr','nl']):
        p=f'/work/wt-14/editor/i18n/{f}.ts'
        s=open(p).read()
        end = "} as const;" if f=='en' else "};\nexport default"
        idx = s.rindex(end)
        block=''.join(f"  '{k}': {q(v[i])},\n" for k,v in entries.items() if f"'{k}':" not in s)
        s=s[:idx]+block+s[idx:]
        open(p,'w').write(s)
