#pragma once
// The machine of a script as a QGraphicsScene: one ThingItem per thing, in definition order, moved
// to each frame's poses, and above them one ElementItem per drawn element, in definition order,
// moved to each frame's element states. The canvas shows one (decorated: anchor markers, selection,
// traces, the failed-frame mark) and every export worker renders its own plain one, so an exported
// frame is drawn by exactly the code the user watched (a QGraphicsScene may only be used by one
// thread).
//
// Scene coordinates are world coordinates with y flipped: the world rectangle is (0, 0, width,
// height) in the scene, and world (x, y) is scene (x, height - y).

#include <QGraphicsScene>

#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "core/model/script.h"
#include "solver/api/frame_solution.h"

class QGraphicsPathItem;
class QGraphicsRectItem;
class QGraphicsTextItem;

namespace mv {

class ElementItem;
class ImageLibrary;
class ThingItem;

class MachineScene : public QGraphicsScene {
    Q_OBJECT
public:
    enum class Mode { Editor, Export };
    // `images` is borrowed and must outlive the scene.
    MachineScene(ImageLibrary& images, Mode mode, QObject* parent = nullptr);
    ~MachineScene() override;

    // Rebuilds the items for a new script, at the things' initial poses; elements are drawn from
    // the first frame shown.
    void setScript(std::shared_ptr<const Script> script);
    const Script* script() const { return m_script.get(); }
    // Moves every thing and element to the frame's poses and states and marks the frame when it
    // failed.
    void showFrame(const FrameSolution& frame);
    bool showsFailedMark() const;  // Editor: the shown frame is marked as failed
    // Where the failed frame's message is, in scene coordinates: wrapped within the canvas.
    QRectF failedMarkRect() const;

    QPointF toScene(Vec2 world) const;
    Vec2 toWorld(QPointF scene) const;
    QRectF worldRect() const;

    ThingItem* thingItem(ThingId id) const;
    int selectedThing() const;  // -1 when none
    void selectThing(int id);   // -1 clears the selection

    ElementItem* elementItem(ElementId id) const;  // null for `visual = none`
    int selectedElement() const;                   // -1 when none
    void selectElement(int id);                    // -1 clears the selection

    // The path of an anchor over the whole animation (world points), drawn as a polyline.
    using AnchorKey = std::pair<ThingId, int>;
    void setTrace(AnchorKey anchor, const std::vector<Vec2>& path);
    void clearTraces();

signals:
    // The failed frame's message was clicked: go to the constraint it names.
    void failedConstraintClicked(SourceRange constraint);

private:
    void clearMachine();
    void setFailedMark(const FrameSolution& frame);
    void addElements(bool editor);
    void placeElements(const FrameSolution& frame);

    ImageLibrary& m_images;
    const Mode m_mode;
    std::shared_ptr<const Script> m_script;
    std::vector<ThingItem*> m_things;            // owned by the scene, by ThingId
    std::vector<ElementItem*> m_elements;        // owned by the scene, by ElementId; null: none
    QGraphicsRectItem* m_world = nullptr;        // Editor: the world rectangle (owned by the scene)
    QGraphicsRectItem* m_failedFrame = nullptr;  // Editor: red border of a failed frame
    QGraphicsTextItem* m_failedLabel = nullptr;
    std::map<AnchorKey, QGraphicsPathItem*> m_traces;  // owned by the scene
};

}  // namespace mv
