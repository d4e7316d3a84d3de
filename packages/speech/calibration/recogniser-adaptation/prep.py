"""Adaptation set for adapt.sh: the train split's recordings of speakers outside the dev subset, as 16 kHz
WAV files with a control file (adapt.ctl) and transcripts (adapt.trn) in the dictionary's spelling;
recordings with a word the dictionary lacks are skipped."""
import json, os, subprocess, re
import sys
D=sys.argv[1]
rows=[json.loads(l) for l in open(f'{D}/labels.jsonl')]
dev_spk={r['speaker'] for r in rows if r.get('inDevSubset')}
words=set()
for l in open('/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict'):
    words.add(l.split()[0])
os.makedirs('wav',exist_ok=True); os.makedirs('mfc',exist_ok=True)
ctl=[];trn=[];skipped=0
for r in rows:
    if r['speaker'] in dev_spk: continue
    ws=[w.lower() for w in re.findall(r"[A-Za-z']+", r['text'])]
    if any(w not in words for w in ws): skipped+=1; continue
    src=os.path.join(D, r['audio']) if not r['audio'].startswith('/') else r['audio']
    dst=f"wav/{r['id']}.wav"
    if not os.path.exists(dst): subprocess.run(['sox',src,'-r','16000','-b','16','-c','1',dst],check=True)
    ctl.append(r['id']); trn.append(f"<s> {' '.join(ws)} </s> ({r['id']})")
open('adapt.ctl','w').write('\n'.join(ctl)+'\n'); open('adapt.trn','w').write('\n'.join(trn)+'\n')
print('dev speakers',len(dev_spk),'adapt utts',len(ctl),'speakers',len({r['speaker'] for r in rows if r['id'] in set(ctl)}),'skipped',skipped)
