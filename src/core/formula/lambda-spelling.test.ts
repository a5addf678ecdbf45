// How LET and LAMBDA reach HyperFormula's parser (lambda-spelling.ts).
import { describe, expect, it } from 'vitest';
import { excelParameterSpelling, holdsLambda, lambdaSpelling } from './lambda-spelling.js';

describe('lambdaSpelling', () => {
  it('returns formulas without LET or LAMBDA as they are', () => {
    const formula = '=SUM(A1:B2)*LETTER(x)';
    expect(lambdaSpelling(formula)).toBe(formula);
  });
  it('spells every bound name as Excel stores it, _xlpm.name, and nothing else', () => {
    expect(lambdaSpelling('=LET(x, A1, r, 2, x*r+y)')).toBe(
      '=LET(_xlpm.x, A1, _xlpm.r, 2, _xlpm.x*_xlpm.r+y)',
    );
  });
  it('leaves text, sheet-qualified references and function names that match a name alone', () => {
    expect(lambdaSpelling('=LET(x, 1, x & "x" & x!A1 & \'x\'!A2 & SUM(x))')).toBe(
      '=LET(_xlpm.x, 1, _xlpm.x & "x" & x!A1 & \'x\'!A2 & SUM(_xlpm.x))',
    );
  });
  it('wraps a LAMBDA called where it is written in LAMBDA.CALL', () => {
    expect(lambdaSpelling('=LAMBDA(x, x+1)(2)')).toBe('=LAMBDA.CALL(LAMBDA(_xlpm.x, _xlpm.x+1),2)');
    expect(lambdaSpelling('=LAMBDA(A1)()')).toBe('=LAMBDA.CALL(LAMBDA(A1))');
  });
  it('turns a call of a LET-bound LAMBDA into LAMBDA.CALL of its name', () => {
    expect(lambdaSpelling('=LET(f, LAMBDA(x, x*2), f(3) + f())')).toBe(
      '=LET(_xlpm.f, LAMBDA(_xlpm.x, _xlpm.x*2), LAMBDA.CALL(_xlpm.f,3) + LAMBDA.CALL(_xlpm.f))',
    );
  });
  it('marks optional parameters, written [b] or _xlop.b, as _xlop.', () => {
    expect(lambdaSpelling('=LAMBDA(a, [b], ISOMITTED(b))(1)')).toBe(
      '=LAMBDA.CALL(LAMBDA(_xlpm.a, _xlop.b, ISOMITTED(_xlpm.b)),1)',
    );
  });
  it('drops the _xleta. prefix files give a function passed by name', () => {
    expect(lambdaSpelling('=BYROW(C4:E5,_xleta.SUM)')).toBe('=BYROW(C4:E5,SUM)');
  });
  it('does not take words that are cell references for names', () => {
    expect(lambdaSpelling('=LET(A1, 2, A1)')).toBe('=LET(A1, 2, A1)');
  });
  it('keeps numbers with exponents whole', () => {
    expect(lambdaSpelling('=LET(e, 1e5, e*2)')).toBe('=LET(_xlpm.e, 1e5, _xlpm.e*2)');
  });
});

describe('calls of defined names that hold a LAMBDA', () => {
  it('become LAMBDA.CALL of the name when the caller lists the name', () => {
    const names = new Set(['cal_month', 'week']);
    expect(lambdaSpelling('=cal_month(4)', names)).toBe('=LAMBDA.CALL(cal_month,4)');
    expect(lambdaSpelling('=WEEK()&Week(1)', names)).toBe('=LAMBDA.CALL(WEEK)&LAMBDA.CALL(Week,1)');
    expect(lambdaSpelling('=cal_month(4)')).toBe('=cal_month(4)');
  });
  it('holdsLambda tells a LAMBDA definition from others', () => {
    expect(holdsLambda('=_xlfn.LAMBDA(_xlpm.x, _xlpm.x+1)')).toBe(true);
    expect(holdsLambda('=Sheet1!$B$2')).toBe(false);
  });
});

describe('excelParameterSpelling', () => {
  it('prefixes LET and LAMBDA names _xlpm. as Excel files hold them, calls left as written', () => {
    expect(excelParameterSpelling('=LET(f, LAMBDA(x, x*2), f(Rate))+LAMBDA(Rate, Rate)(1)')).toBe(
      '=LET(_xlpm.f, LAMBDA(_xlpm.x, _xlpm.x*2), _xlpm.f(_xlpm.Rate))+LAMBDA(_xlpm.Rate, _xlpm.Rate)(1)',
    );
    expect(excelParameterSpelling('=SUM(A1:A3)')).toBe('=SUM(A1:A3)');
  });
});
