import { PARTICIPLE_FORMS } from './lemmatise.js';

/**
 * Grammar items of the CEFR-J Grammar Profile that can be spotted in an unpunctuated transcript with
 * word patterns. `code` is the profile's shorthand code: the level comes from the profile
 * (data/cefr-grammar.json), not from here. Patterns run over lower-case words joined by single spaces.
 */
export interface GrammarPattern {
  code: string;
  /** Learner-facing name, used in the narrative. */
  name: string;
  pattern: RegExp;
}

const PP = `(?:[a-z]{2,}ed|${PARTICIPLE_FORMS.join('|')})`;
const ING = '(?!(?:some|no|any|every)?thing\\b|morning\\b|evening\\b|during\\b|ceiling\\b)[a-z]{2,}ing';
const BE_PRES = "(?:am|is|are|i'm|you're|we're|they're|he's|she's|it's|that's)";
const BE = `(?:${BE_PRES}|was|were|be|been)`;
const HAVE = "(?:have|has|i've|you've|we've|they've)";
const MODAL = '(?:can|could|will|would|shall|should|may|might|must)';
const OBJ = '(?:me|you|him|her|us|them|it)';
const PAST_IRREGULAR =
  'went|made|said|got|took|saw|came|knew|thought|gave|found|told|became|left|felt|brought|began|kept|wrote|heard|met|ran|paid|bought|spoke|ate|drank|taught|sold';
const SUBJ = '(?:i|you|he|she|we|they|it|there)';
/** A clause window: up to 12 words, so "if" and "would" must be close together. */
const W = "(?: [a-z']+){0,12}";

const p = (source: string) => new RegExp(`(?:^| )${source}(?= |$)`);

export const GRAMMAR_PATTERNS: GrammarPattern[] = [
  { code: 'TA.PRESENT.be.AFF', name: 'present simple of be', pattern: p(BE_PRES) },
  { code: 'TA.PAST.be.AFF', name: 'past simple of be', pattern: p('(?:was|were)') },
  { code: 'TA.PAST.do.AFF', name: 'past simple', pattern: p(`${SUBJ} (?:[a-z]{2,}ed|${PAST_IRREGULAR})`) },
  { code: 'TA.PRPRG.AFF', name: 'present progressive', pattern: p(`${BE_PRES} (?:not )?${ING}`) },
  { code: 'TA.PASTPRG.AFF', name: 'past progressive', pattern: p(`(?:was|were) (?:not )?${ING}`) },
  {
    code: 'TA.PRPF.AFF',
    name: 'present perfect',
    pattern: p(`${HAVE} (?:not |never |already |just |ever |always |also |[a-z]+ly )?${PP}`),
  },
  { code: 'TA.PRPFPRG.AFF', name: 'present perfect progressive', pattern: p(`${HAVE} been ${ING}`) },
  { code: 'TA.PASTPF.AFF', name: 'past perfect', pattern: p(`had (?:not |never |already |just )?${PP}`) },
  { code: 'TA.PASTPFPRG.AFF', name: 'past perfect progressive', pattern: p(`had been ${ING}`) },
  {
    code: 'TA.FUT.AFF',
    name: 'future with will',
    pattern: p("(?:will|i'll|you'll|he'll|she'll|we'll|they'll|it'll) [a-z]+"),
  },
  { code: 'MD.be_going_to.AFF', name: 'be going to', pattern: p(`${BE} going to [a-z]+`) },
  {
    code: 'PASS.PRESENT',
    name: 'present passive',
    pattern: p(`(?:is|are) (?:not |also |often |usually )?${PP}`),
  },
  { code: 'PASS.PAST.AFF', name: 'past passive', pattern: p(`(?:was|were) (?:not )?${PP}`) },
  { code: 'PASS.MD.AFF', name: 'passive after a modal', pattern: p(`${MODAL} (?:not )?be ${PP}`) },
  { code: 'PASS.PRSPF.AFF', name: 'present perfect passive', pattern: p(`${HAVE} been ${PP}`) },
  { code: 'PASS.get_VN', name: 'get + past participle', pattern: p(`(?:get|gets|got|getting) ${PP}`) },
  { code: 'MD.can.AFF', name: 'modal can', pattern: p('can') },
  { code: 'MD.could.AFF', name: 'modal could', pattern: p('could') },
  { code: 'MD.may.AFF', name: 'modal may', pattern: p('may') },
  { code: 'MD.might.AFF', name: 'modal might', pattern: p('might') },
  { code: 'MD.must.AFF', name: 'modal must', pattern: p('must') },
  { code: 'MD.should.AFF', name: 'modal should', pattern: p('should') },
  { code: 'MD.would.AFF', name: 'modal would', pattern: p("(?:would|i'd|you'd|we'd|they'd) [a-z]+") },
  { code: 'MD.have_to.AFF', name: 'have to', pattern: p('(?:have|has|had) to [a-z]+') },
  { code: 'MD.need.AFF', name: 'need to', pattern: p('(?:need|needs|needed) to [a-z]+') },
  { code: 'MD.used_to.AFF', name: 'used to', pattern: p('used to [a-z]+') },
  { code: 'MD.ought_to.AFF', name: 'ought to', pattern: p('ought to') },
  { code: 'MD.had_better.AFF', name: 'had better', pattern: p("(?:had|i'd|you'd|we'd) better") },
  { code: 'MD.be_able_to.AFF', name: 'be able to', pattern: p(`${BE} able to`) },
  { code: 'MD.MD_PF.AFF', name: 'modal perfect', pattern: p(`${MODAL} (?:not )?have ${PP}`) },
  { code: 'MD.MD_PRG.AFF', name: 'modal progressive', pattern: p(`${MODAL} (?:not )?be ${ING}`) },
  { code: 'EX.there.AFF', name: 'there is/are', pattern: p("there(?: is| are| was| were|'s)") },
  { code: 'CL.if', name: 'if clause', pattern: p('if') },
  {
    code: 'SUBJ.PAST.AFF',
    name: 'second conditional',
    pattern: p(`if${W} (?:were|[a-z]{2,}ed|${PAST_IRREGULAR}|had)${W} (?:would|could|might)(?! have)`),
  },
  {
    code: 'SUBJ.PASTPF.AFF',
    name: 'third conditional',
    pattern: p(`if${W} had ${PP}${W} (?:would|could|might) have`),
  },
  { code: 'CL.when', name: 'when clause', pattern: p(`when ${SUBJ}`) },
  {
    code: 'CL_after.etc',
    name: 'subordinate clause (because, although…)',
    pattern: p(
      '(?:because|although|though|while|unless|until|since|before|after) (?:i|you|he|she|we|they|it|the|my|our|there)',
    ),
  },
  { code: 'CL.so_that', name: 'so that', pattern: p(`so that ${SUBJ}`) },
  { code: 'CL.WH.whether', name: 'whether', pattern: p('whether') },
  {
    code: 'CL.that.OBJ',
    name: 'that clause',
    pattern: p(
      '(?:think|thought|know|knew|say|said|believe|believed|hope|feel|felt|agree|realised|realized) that',
    ),
  },
  {
    code: 'CL.WH.OBJ',
    name: 'indirect question',
    pattern: p('(?:know|knew|wonder|wondered|understand) (?:what|where|why|how|who|when)'),
  },
  {
    code: 'PREL.who',
    name: 'relative clause with who',
    pattern: p(`[a-z]+ who (?:is|are|was|were|has|have|had|can|${PP}|[a-z]+s)`),
  },
  {
    code: 'PREL.which',
    name: 'relative clause with which',
    pattern: p(`[a-z]+ which (?:is|are|was|were|has|have|had|can|will|would|${PP}|[a-z]+s)`),
  },
  {
    code: 'PREL.PREP_PREL',
    name: 'preposition + relative pronoun',
    pattern: p('(?:in|on|at|with|for|to|from|of|by|about|through) (?:which|whom)'),
  },
  { code: 'WH.-ever', name: 'wh-ever words', pattern: p('(?:whatever|whoever|whenever|wherever|whichever)') },
  { code: 'COMP.JJR.RBR.er', name: 'comparative -er', pattern: p('[a-z]{2,}er than') },
  { code: 'COMP.JJR.RBR.more', name: 'comparative with more', pattern: p('more [a-z]+ than') },
  { code: 'COMP.JJS.RBS.most', name: 'superlative with most', pattern: p('the most [a-z]+') },
  { code: 'COMP.EQ.as_as', name: 'as … as comparison', pattern: p('as [a-z]+ as') },
  { code: 'RBDEG.too_to', name: 'too … to', pattern: p('too [a-z]+ to [a-z]+') },
  { code: 'TO.in_order_to_do', name: 'in order to', pattern: p('in order to') },
  { code: 'TO.not_to_do', name: 'not to + verb', pattern: p('not to [a-z]+') },
  { code: 'TO.to_be_done', name: 'passive infinitive', pattern: p(`to be ${PP}`) },
  { code: 'VG.being_VN', name: 'being + past participle', pattern: p(`being ${PP}`) },
  { code: 'VG.having_VN', name: 'having + past participle', pattern: p(`having ${PP}`) },
  {
    code: 'TO.VV_to_do',
    name: 'verb + to-infinitive',
    pattern: p('(?:want|wants|wanted|like|try|tried|decide|decided|hope|plan|planned) to [a-z]+'),
  },
  {
    code: 'VG.VV_VG',
    name: 'verb + -ing',
    pattern: p(`(?:like|love|enjoy|enjoyed|hate|start|started|stop|stopped|finish|keep|kept) ${ING}`),
  },
  { code: 'PREF.each_other', name: 'each other', pattern: p('(?:each other|one another)') },
  {
    code: 'CAUS.ask.tell_NP_to_do',
    name: 'ask/tell someone to',
    pattern: p(`(?:ask|asks|asked|tell|tells|told) ${OBJ} to [a-z]+`),
  },
  {
    code: 'CAUS.have.let.make',
    name: 'let/make someone do',
    pattern: p(`(?:let|lets|make|makes|made) ${OBJ} (?!to )[a-z]+`),
  },
  {
    code: 'PP.it_to_do.AFF',
    name: 'it is … to',
    pattern: p("it(?: is|'s| was) (?:very |really |so )?[a-z]+ (?:for [a-z]+ )?to [a-z]+"),
  },
];
