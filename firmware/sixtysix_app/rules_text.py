"""The rules, written for a small screen: short pages, plain words.
Suit glyphs are the characters 1..4 (see ui.put)."""

PAGES = (
    (
        "The cards",
        "24 cards: 9, J, Q, K, T (ten) and A in \x01 \x02 \x03 \x04. "
        "A counts 11, T 10, K 4, Q 3, J 2, 9 nothing. "
        "Schnapsen leaves out the nines.",
    ),
    (
        "The aim",
        "Be first to 66 card points in a hand. "
        "Points come from the cards you take in tricks and from marriages. "
        "Hands won give game points; the first to 7 wins the match, or to "
        "the Target set in Settings.",
    ),
    (
        "The deal",
        "Each player gets 6 cards (Schnapsen 5). The next card is turned up: "
        "its suit is trumps. The rest is the stock.",
    ),
    (
        "Tricks",
        "The leader plays any card, the other answers with any card. "
        "The higher card of the suit led wins, or the higher trump. "
        "The winner draws first from the stock and leads next.",
    ),
    (
        "Marriages",
        "Hold K and Q of a suit? On your lead, show them and lead one: "
        "20 points, 40 in trumps. They count once you have won a trick.",
    ),
    (
        "Exchange",
        "The holder of the trump 9 (Schnapsen: J) may swap it for the "
        "upcard while the stock is open, on lead.",
    ),
    (
        "Strict play",
        "When the stock is used up or closed, you must follow suit and "
        "must win the trick if you can; without the suit you must trump.",
    ),
    (
        "Closing",
        "On lead you may close the stock: no more drawing, strict play. "
        "Fail to reach 66 and the other player scores 2 or 3.",
    ),
    (
        "Claiming",
        "When you think you have 66, claim: the hand ends. Without 66 the "
        "other player scores. In counting mode you keep the count yourself.",
    ),
    (
        "Scoring",
        "The winner scores 1, 2 if the loser has under 33, 3 if the loser "
        "took no trick. With no claim, the last trick wins 10 extra points.",
    ),
    (
        "Three players",
        "The dealer deals to the other two and sits out; they play Sixty-Six. "
        "The dealer scores what the winner scores, less any pot, but cannot "
        "reach the target that way. The deal passes to the left.",
    ),
    (
        "Four players",
        "Partners sit opposite: you and C against B and D. 6 cards each, no "
        "stock. Bid 1 to 4 (33 to 132 points) or solo, or pass (once: then "
        "you are out of the bidding). The highest bidder leads; the first "
        "card led makes trumps. Always follow, head, else trump. Points: "
        "cards and shown marriages, nothing for the last trick. Reach the "
        "bid to score it, else lose it; the others score points / 33.",
    ),
    (
        "Sixty-Five",
        "48 cards, 3 up to A; spades are trumps; 12 cards each. Follow suit "
        "if you can. The winner keeps only the partner's card for the side; "
        "the other three go to the opponents. 2 a trick, 1 for the last, A 4 "
        "K 3 Q 2 J 1: 65 in all. 33 scores 1, 41 scores 2; first side to 5 (or the Target set).",
    ),
    (
        "Buttons",
        "Move along your hand and press OK to play. BACK opens the actions: "
        "marry, exchange, close, claim, last trick, hint, score, leave, "
        "end match (gives it up, counted as abandoned). "
        "HINT asks the computer.",
    ),
)
