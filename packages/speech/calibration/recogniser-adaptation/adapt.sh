#!/usr/bin/env bash
# Speaker adaptation of PocketSphinx's en-us acoustic model to learner speech (issue 26, item 5),
# used for recognition only — scoring keeps the native model. Needs Debian's sphinxtrain (dev only:
# `apt-get install sphinxtrain`), sox and python3 with numpy, and ../shared/datasets beside the
# project. Adapts on the train split's speakers outside the dev subset (74 speakers, 1,467
# recordings) so that `bench:speech-wer` on the dev subset (51 other speakers) is held out.
#
#   bash packages/speech/calibration/recogniser-adaptation/adapt.sh WORKDIR
#   npx tsx packages/speech/bench/wer.ts --adaptation=none --flag=-mllr=WORKDIR/mllr_matrix   # global MLLR
#   npx tsx packages/speech/bench/wer.ts --model-dir=WORKDIR/map --adaptation=none   # MAP (means, variances, weights)
#   npx tsx packages/speech/bench/wer.ts --model-dir=WORKDIR/map-tau100 --adaptation=none   # MAP, fixed prior weight
#   npx tsx packages/speech/bench/wer.ts --adaptation=WORKDIR/learner        # what is installed, rebuilt
#
# Figures: packages/speech/README.md, "Speaker adaptation (issue 26)".
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
WORK="${1:?work folder}"
DATA="$HERE/../../../../../shared/datasets/speechocean762-train"
MODEL=/usr/share/pocketsphinx/model/en-us
ST=/usr/lib/sphinxtrain
mkdir -p "$WORK" && cd "$WORK"

# The base model with its quantised weights (sendump) written out as mixture_weights, which bw needs.
rm -rf base && cp -r "$MODEL/en-us" base
python3 "$HERE/sendump2mixw.py" base/sendump base/mixture_weights
pocketsphinx_mdef_convert -text base/mdef base/mdef.txt

# Adaptation recordings and their transcripts; MFCCs with the model's own front end.
python3 "$HERE/prep.py" "$DATA"
mkdir -p mfc
sphinx_fe -argfile base/feat.params -samprate 16000 -c adapt.ctl -di wav -do mfc -ei wav -eo mfc -mswav yes >fe.log 2>&1

# Sufficient statistics, then a global MLLR transform and MAP re-estimates.
rm -rf accum && mkdir accum
"$ST/bw" -hmmdir base -moddeffn base/mdef.txt -ts2cbfn .ptm. -feat 1s_c_d_dd -svspec 0-12/13-25/26-38 \
  -cmn batch -agc none -dictfn "$MODEL/cmudict-en-us.dict" -fdictfn base/noisedict -ctlfn adapt.ctl \
  -lsnfn adapt.trn -accumdir accum -cepdir mfc -cepext mfc >bw.log 2>&1
"$ST/mllr_solve" -meanfn base/means -varfn base/variances -outmllrfn mllr_matrix -accumdir accum >mllr.log 2>&1

map_model() { # NAME [map_adapt flags…]: a model folder (en-us/, the Debian LM and dictionary)
  local name="$1"
  shift
  rm -rf "$name" && mkdir -p "$name/en-us" "$name/out"
  "$ST/map_adapt" -moddeffn base/mdef.txt -ts2cbfn .ptm. -meanfn base/means -varfn base/variances \
    -mixwfn base/mixture_weights -tmatfn base/transition_matrices -accumdir accum \
    -mapmeanfn "$name/out/means" -mapvarfn "$name/out/variances" -mapmixwfn "$name/out/mixture_weights" \
    -maptmatfn "$name/out/transition_matrices" "$@" >"$name.log" 2>&1
  cp base/mdef base/feat.params base/noisedict "$name/out/"* "$name/en-us/"
  ln -sf "$MODEL/en-us.lm.bin" "$MODEL/cmudict-en-us.dict" "$name/"
}
map_model map
for tau in 100 300 1000; do map_model "map-tau$tau" -bayesmean no -fixedtau yes -tau "$tau"; done

# The installed variant: τ = 300 with the silence and noise phones put back to Debian's values
# (keep-fillers.py; adapted, they made the recogniser hear words in the silence before speech), as
# files PocketSphinx loads over Debian's model (packages/speech/model/en-us-learner/): quantised
# weights (sendump, 2 MB instead of 7.9 MB of floats), means, variances and transition matrices.
# τ = 100 gains more on learners but loses on native speech; τ = 1000 gains less (README figures).
rm -rf learner learner-float && cp -r map-tau300/out learner-float
python3 "$HERE/keep-fillers.py" base learner-float base/mdef.txt
mkdir learner
"$ST/mk_s2sendump" -pocketsphinx yes -moddeffn base/mdef.txt -mixwfn learner-float/mixture_weights \
  -sendumpfn learner/sendump >sendump.log 2>&1
cp learner-float/means learner-float/variances learner-float/transition_matrices learner/
echo "done: $WORK/mllr_matrix, $WORK/map, $WORK/map-tau{100,300,1000}, $WORK/learner"
