//! The four inspiration athletes (SPEC §1, DESIGN §7): hypothetical Athletic Visions written for
//! this product in the affirmation style the vision rules ask for (third person, present or
//! future tense, improvement adverbs). They are imagined, not the athletes' own words. Their
//! pictures are original illustrations shipped with the web app (`web/public/images/inspiration`).

/// One inspiration athlete; `text` is HTML paragraphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Athlete {
    pub name: &'static str,
    pub sport: &'static str,
    pub pic_url: &'static str,
    pub text: &'static str,
}

pub(crate) const ATHLETES: [Athlete; 4] = [
    Athlete {
        name: "Stephen Curry",
        sport: "Basketball",
        pic_url: "/images/inspiration/basketball.svg",
        text: "<p>Stephen Curry steps onto the court feeling lighter and more joyful with every season. \
He is increasingly present in each possession, reading the defense a beat earlier and moving without the \
ball with growing patience and purpose. His release is calm, his feet are quiet and his breath is slow, \
so the shot he has practised thousands of times arrives on its own when the moment asks for it.</p>\
<p>He leads more and more through generosity. The extra pass, the screen that frees a teammate, the word \
of encouragement after a miss: each one makes the team increasingly confident, and their confidence \
returns to him as trust. When the game is close he welcomes the pressure, because he knows that his \
preparation is complete and that the outcome of one shot never defines him.</p>\
<p>Off the court he is a present husband, father and friend. He protects his sleep, eats to recover, \
and treats his body as the instrument it is, so that he moves more freely at the end of his career than \
many players do at the start. He is increasingly a teacher of the game, sharing what he has learned with \
young players who are told they are too small, too slight or too late.</p>\
<p>Every day he becomes more grateful for the gift of playing, and more certain that the joy he brings \
to the gym is the source of everything he achieves in it.</p>",
    },
    Athlete {
        name: "Bethany Hamilton",
        sport: "Surfing",
        pic_url: "/images/inspiration/surf.svg",
        text: "<p>Bethany Hamilton paddles out each morning with a mind as clear as the water beneath her. \
She reads the ocean more and more intuitively: the set forming on the horizon, the shift of the wind, \
the moment to turn and commit. Her balance grows steadier with every session, and she drops into bigger \
waves with increasing calm, because she trusts the work she has done on land and in the lineup.</p>\
<p>She meets fear as an old acquaintance rather than an enemy. When it arrives she breathes slowly, \
names it, and chooses the wave anyway. Each wipe-out teaches her something, and she surfaces from it \
increasingly curious instead of shaken. Her surfing becomes more creative and more powerful, and the \
judges and the crowd feel the freedom in it.</p>\
<p>Her family and her faith are the anchor of her life. She plans her travel and training so that the \
people she loves share the adventure, and she rests fully between competitions. More and more, she uses \
her story to show others that a setback can become the beginning of a stronger chapter.</p>\
<p>She finishes each day thankful for the ocean, for her body and for the chance to inspire someone \
who is standing at the edge of their own big wave.</p>",
    },
    Athlete {
        name: "Marcus Rashford",
        sport: "Football",
        pic_url: "/images/inspiration/football.svg",
        text: "<p>Marcus Rashford plays with the freedom of the boy who first fell in love with the ball on \
the streets of his city. He is increasingly decisive in the final third: he scans before he receives, \
attacks the space with pace and chooses the finish early. His first touch grows sharper every week, and \
defenders find him more and more difficult to read.</p>\
<p>He responds to a difficult spell with patience instead of pressure. He focuses on the next action, \
not the last mistake, and he measures his progress by his effort and his habits rather than by headlines. \
His work without the ball becomes more and more valuable to the team, and his teammates trust him \
completely in the biggest matches.</p>\
<p>He looks after his body like a professional at the top of the game: he sleeps, recovers and \
prepares with increasing care, so that he is fit and sharp for every fixture. Away from the pitch he \
uses his voice for the children and families in his community, and each campaign makes him more grounded \
and more certain of why he plays.</p>\
<p>Every season he is a more complete footballer and a more generous person, and he carries the pride \
of the people who believed in him onto the pitch each time he walks out.</p>",
    },
    Athlete {
        name: "Sydney McLaughlin-Levrone",
        sport: "Track and field",
        pic_url: "/images/inspiration/track.svg",
        text: "<p>Sydney McLaughlin-Levrone settles into the blocks with a quiet mind and a clear plan. She \
runs her own race from the gun, attacking the first hurdle with rhythm and holding her stride pattern \
with increasing precision through the back straight. Each barrier is just another step, cleared smoothly \
and without hesitation.</p>\
<p>Around the final bend she grows stronger while others tighten. Her form stays relaxed, her arms \
drive and her focus narrows to the line. She trusts her training more and more, and she meets the \
moments that matter most with calm instead of doubt. Records are not a burden to her; they are a sign \
that her preparation is working.</p>\
<p>Her days are built around what makes her better: purposeful training, deep rest, good food, and \
time with her husband, her family and her faith. She protects her peace and says no to what would \
scatter her energy, so that she arrives at every championship increasingly fresh and confident.</p>\
<p>She competes with gratitude and grace, and more and more young athletes see in her that excellence \
and joy can run in the same lane.</p>",
    },
];

/// Lower-cases and treats hyphens as spaces, so the slug `sydney-mclaughlin-levrone` and a typed
/// `Mclaughlin Levrone` both match.
fn normalise(s: &str) -> String {
    s.trim().to_lowercase().replace('-', " ")
}

/// The first athlete whose name contains `query`, case-insensitively (SPEC §2: the athlete
/// parameter matches by partial name).
pub fn find(query: &str) -> Option<&'static Athlete> {
    let needle = normalise(query);
    if needle.is_empty() {
        return None;
    }
    ATHLETES
        .iter()
        .find(|a| normalise(a.name).contains(&needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slug_finds_a_hyphenated_name() {
        assert_eq!(
            find("sydney-mclaughlin-levrone").map(|a| a.sport),
            Some("Track and field")
        );
    }

    #[test]
    fn every_vision_uses_improvement_adverbs() {
        for a in ATHLETES {
            assert!(
                a.text.contains("increasingly") && a.text.contains("more and more"),
                "{}",
                a.name
            );
        }
    }
}
